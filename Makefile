# Sluice — the front door for people and CI. `make` builds; `make pipeline` runs the stages on
# the bundled San Francisco data; `make test` runs every test. Each installs what it needs.

SHELL := /bin/bash
PREFIX ?= /usr/local
SWIFT ?= swift
RELEASE_BIN = .build/release
PIPELINE_DIR = build/pipeline
# The stages (Package.swift's `stages`, in order) then the tools; StageListTests checks both lists.
EXECUTABLES = sluice-fetch sluice-sanitize sluice-geocode sluice-dedupe sluice-load sluice-report sluice-stats sluice-gazetteer sluice-eval
# The source and labelled data kept beside the repository, not shipped with it (each folder's
# SOURCE.md says where it comes from).
SHARED_DATA ?= ../shared/data
GAZETTEER_SOURCES ?= $(SHARED_DATA)/gazetteer-sources
GEOCODE_REFERENCE ?= $(SHARED_DATA)/sf-geocode-dev/sf-film-geocode-dev.csv

.PHONY: all build deps test-deps pipeline eval eval-generic gazetteer bench bench-10m bench-against bench-instructions stats-error test swift-api-example roundtrip faults fuzz golden install clean format lint static spark-deps spark-example

all: build

# The system SQLite and zlib headers (zlib: the gazetteer builder reads .csv.gz sources) are the
# only things outside the Swift toolchain.
deps:
	@missing=""; \
	[ -f /usr/include/sqlite3.h ] || missing="$$missing libsqlite3-dev"; \
	[ -f /usr/include/zlib.h ] || missing="$$missing zlib1g-dev"; \
	if [ -n "$$missing" ]; then \
		echo "make: installing$$missing with apt-get"; \
		SUDO=$$( [ "$$(id -u)" -eq 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build -c release

pipeline: build
	@scripts/pipeline.sh $(RELEASE_BIN) $(PIPELINE_DIR) $(PIPELINE_MORE)

# Accuracy against labelled data: geocode on the SF reference (whole set and 5-fold); records of 817
# other US towns against the SF gazetteer (none should be answered), and the gazetteer's own addresses written with towns it
# does not cover in 11 shapes; sanitize on the hand-labelled SF strings and usaddress's test
# data; geocode on food-truck addresses; dedupe's pairwise precision/recall/F1 on the Febrl sets and
# on the bench generator's SF-like records with known duplicates; and dedupe unsupervised, after
# 10/20/30 random labels and after 3 rounds of 10 answers to --suggest, an oracle answering from
# the truth (Febrl, SF food businesses in two snapshots, the bench's films). Peers (usaddress,
# recordlinkage, Splink) are run beside ours when they are installed with pip, and skipped otherwise.
# Without $(SHARED_DATA) it says so and runs what the repository holds: the hand-labelled SF
# strings and dedupe on the bench generator's records.
eval: build
ifeq ($(wildcard $(SHARED_DATA)),)
	@echo "make eval: $(SHARED_DATA) (the reference and labelled sets, kept beside the repository) is not here: running what the repository holds; SHARED_DATA=DIR names another place"
	$(RELEASE_BIN)/sluice-eval sanitize
	python3 scripts/eval_dedupe_labels.py --bin $(RELEASE_BIN) --sets films
	$(RELEASE_BIN)/sluice-bench run --stages dedupe --sizes 10k --dedupe-size 10k --peer-sizes 10k --runs 1 --out build/eval/dedupe-sf
else
	$(RELEASE_BIN)/sluice-eval geocode-reference --gazetteer data/sf-gazetteer.csv --folds 5 $(GEOCODE_REFERENCE)
	python3 scripts/eval_other_towns.py --bin $(RELEASE_BIN) --labelled $(SHARED_DATA)/usaddress-labeled --sources $(GAZETTEER_SOURCES)
	python3 scripts/eval_town_shapes.py --bin $(RELEASE_BIN) && python3 scripts/eval_town_shapes.py --bin $(RELEASE_BIN) --state CA --out build/eval/town-shapes-ca
	$(RELEASE_BIN)/sluice-eval sanitize --usaddress $(SHARED_DATA)/usaddress-labeled
	$(RELEASE_BIN)/sluice-eval geocode-trucks --sources $(GAZETTEER_SOURCES) --aliases data/sf-landmark-aliases.csv
	python3 scripts/eval_dedupe_peers.py --ours $(RELEASE_BIN)/sluice-eval --data $(SHARED_DATA)/febrl
	python3 scripts/eval_dedupe_labels.py --bin $(RELEASE_BIN) --febrl $(SHARED_DATA)/febrl --food $(GAZETTEER_SOURCES)/food-businesses
	$(RELEASE_BIN)/sluice-bench run --stages dedupe --sizes 10k --dedupe-size 10k --peer-sizes 10k --runs 1 --out build/eval/dedupe-sf
endif

# San Francisco rebuilt from generic formats only (issue 20): the shared sources converted to
# OpenAddresses CSV, GeoJSON streets (ranges, no node ids: line ends are joined), GeoJSON places
# and GTFS stops, built with the generic options alone and measured beside data/sf-gazetteer.csv.
GENERIC_DIR = build/sf-generic
eval-generic: build
	python3 scripts/sf_to_generic_formats.py --sources $(GAZETTEER_SOURCES) --bundled data/sources --aliases data/sf-landmark-aliases.csv --out $(GENERIC_DIR)
	$(RELEASE_BIN)/sluice-gazetteer build --openaddresses $(GENERIC_DIR)/addresses.csv \
		--streets $(GENERIC_DIR)/streets.geojson --name-property name --range-properties lf,lt,rf,rt \
		--places $(GENERIC_DIR)/places.geojson --category-property category --aliases-property aliases \
		--gtfs-stops $(GENERIC_DIR)/gtfs/bart/stops.txt --gtfs-stops $(GENERIC_DIR)/gtfs/caltrain/stops.txt \
		--gtfs-stops $(GENERIC_DIR)/gtfs/muni/stops.txt --city "San Francisco" --state CA \
		--out $(GENERIC_DIR)/gazetteer.csv --rejects $(GENERIC_DIR)/rejects.ndjson
	$(RELEASE_BIN)/sluice-eval geocode-reference --gazetteer $(GENERIC_DIR)/gazetteer.csv $(GEOCODE_REFERENCE)
	$(RELEASE_BIN)/sluice-eval geocode-reference --gazetteer data/sf-gazetteer.csv $(GEOCODE_REFERENCE)

# Rebuilds data/sf-gazetteer.csv from the public sources (committed, so pipeline needs no rebuild).
gazetteer: build
	$(RELEASE_BIN)/sluice-gazetteer build --sources $(GAZETTEER_SOURCES) --bundled data/sources --aliases data/sf-landmark-aliases.csv --out data/sf-gazetteer.csv

# The recipes of examples/ (README: "Web sources"), each against its own fixture server on 127.0.0.1.
EXAMPLES = classifieds episodes movies
.PHONY: examples $(addprefix example-,$(EXAMPLES))
examples: $(addprefix example-,$(EXAMPLES))
$(addprefix example-,$(EXAMPLES)): example-%: build
	examples/$*/run.sh $(RELEASE_BIN) build/examples/$*

BENCH_SIZES ?= 100k,1M
BENCH_PEER_SIZES ?= 100k
BENCH_DEDUPE_SIZE ?= 100k
BENCH_RUNS ?= 5
BENCH_BUDGET ?= 13

# Generates seeded data into build/bench (never committed) and times every built stage and the
# installed peers (median of BENCH_RUNS after a warm-up); writes build/bench/results.md and
# build/bench/ratios.svg. The comparisons with peers run first, then Sluice alone at larger sizes;
# BENCH_BUDGET minutes (empty: no limit) skips, and lists, cases that would not fit, so that a
# clean clone's make bench (release build included) ends within 15 minutes. The peers at 1M too:
# make bench BENCH_PEER_SIZES=100k,1M BENCH_BUDGET=
#
# The pipelines are also shown stage by stage (results.md, "The pipelines stage by stage"): each
# stage's CPU and peak RSS inside the piped run, both pipelines and jq -c . run in turn.
# BENCH_10M=1 then adds issue 32's 10M rows (not in CI: a 4.3 GB file generated into
# build/bench-10m, about 10 GB of disk with the pipeline's database, and some 15 minutes here):
# jq -c . and both pipelines at 10M, interleaved, BENCH_10M_RUNS times each (default 1, no
# warm-up; 3 for medians), into build/bench-10m/results.md.
BENCH_10M ?=
BENCH_10M_RUNS ?= 1
bench: build
	$(RELEASE_BIN)/sluice-bench run --bin $(RELEASE_BIN) --out build/bench --sizes $(BENCH_SIZES) \
		--peer-sizes $(BENCH_PEER_SIZES) --dedupe-size $(BENCH_DEDUPE_SIZE) --runs $(BENCH_RUNS) \
		$(if $(BENCH_BUDGET),--budget $(BENCH_BUDGET))
ifneq ($(BENCH_10M),)
	$(MAKE) bench-10m BENCH_10M_RUNS=$(BENCH_10M_RUNS)
endif

# Issue 32's 10M rows alone (what BENCH_10M=1 adds to make bench).
bench-10m: build
	nice $(RELEASE_BIN)/sluice-bench run --bin $(RELEASE_BIN) --out build/bench-10m --sizes 10M --peer-sizes 10M \
		--stages fetch,pipeline --runs $(BENCH_10M_RUNS)

# Instructions each stage executes on 50,000 bench records, each stage on the one before's
# output (callgrind): steady where times on a shared machine are not. BASE=REV adds a release
# build of that revision (in build/base-REV) beside this one, outputs compared byte for byte.
bench-instructions: build
	@command -v valgrind >/dev/null || { echo "apt-get install valgrind first" >&2; exit 69; }
	$(if $(BASE),rm -rf build/base-$(BASE) && git worktree add -f --detach build/base-$(BASE) $(BASE) >/dev/null && \
		$(SWIFT) build -c release --package-path build/base-$(BASE) >/dev/null &&) \
	scripts/bench/instructions.sh $(RELEASE_BIN) $(if $(BASE),build/base-$(BASE)/.build/release)
	$(if $(BASE),git worktree remove --force build/base-$(BASE))

# Find-or-create at scale (issue 29): AGAINST_NEW records `--against` AGAINST_KNOWN known ones,
# beside one run over all of them with the same model; time and peak memory, medians of 3
# (BENCHMARKS.md). Apart from make bench: the data, the model and KNOWN are made once (minutes),
# kept in build/bench-against.
AGAINST_KNOWN ?= 1000000
AGAINST_NEW ?= 10000
bench-against: build
	python3 scripts/bench_dedupe_against.py --bin $(RELEASE_BIN) --known $(AGAINST_KNOWN) --new $(AGAINST_NEW) --runs 3 \
		--work build/bench-against

# The errors of sluice-stats' estimates (stated in its --help): on the bench's records, as
# make bench generates them, each estimate against --exact, as sluice-stats comes and with every
# field pushed through the sketches (--exact-limit 64).
STATS_ERROR_RECORDS ?= 1000000
stats-error: build
	@mkdir -p build/stats-error
	$(RELEASE_BIN)/sluice-bench generate --records $(STATS_ERROR_RECORDS) --out build/stats-error/films.ndjson
	$(RELEASE_BIN)/sluice-fetch --format ndjson --quiet < build/stats-error/films.ndjson > build/stats-error/fetched.ndjson
	python3 scripts/stats_sketch_error.py --stats $(RELEASE_BIN)/sluice-stats build/stats-error/fetched.ndjson
	python3 scripts/stats_sketch_error.py --stats $(RELEASE_BIN)/sluice-stats --exact-limit 64 build/stats-error/fetched.ndjson

# What only the tests need: chromium, to render sluice-report's page headless (deps installs the
# zlib headers that read its PNG screenshots). Installed with apt-get when missing, as deps does.
test-deps: deps
	@missing=""; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	if [ -n "$$missing" ]; then \
		echo "make: installing$$missing with apt-get (the report's browser test needs it)"; \
		SUDO=$$( [ "$$(id -u)" -eq 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi

# Builds the executables first: the end-to-end tests run them. Then the Swift API's example.
test: test-deps
	$(SWIFT) build --build-tests
	SLUICE_BIN_DIR="$$($(SWIFT) build --show-bin-path)" $(SWIFT) test --skip-build
	$(MAKE) swift-api-example

# examples/swift-api: a package of its own that depends on this one by path and imports the
# Sluice library (README: "As a Swift library"), built (into examples/swift-api/.build) and run on
# the bundled gazetteer; it checks each result and fails the run when one is wrong.
# Its build folder is cleared when this package's source files changed: SwiftPM plans a path
# dependency's files once and does not see a file added to it (a pull that adds one failed with
# "cannot find 'X' in scope" until the folder was removed by hand), and its incremental build
# kept code compiled against a struct's old layout (a field added to GeocodeLookups: the example
# crashed in RecordGeocoder).
swift-api-example: deps
	@sources="$$(find Sources -name '*.swift' | LC_ALL=C sort | xargs cat | cksum)"; \
	if [ "$$(cat examples/swift-api/.build/sluice-sources 2>/dev/null)" != "$$sources" ]; then \
	  rm -rf examples/swift-api/.build; mkdir -p examples/swift-api/.build; echo "$$sources" > examples/swift-api/.build/sluice-sources; \
	fi
	$(SWIFT) build --package-path examples/swift-api
	$(SWIFT) run --package-path examples/swift-api --skip-build swift-api-example . build/swift-api-example

FAULT_KILLS ?= 20
FAULT_RECORDS ?= 500000
FAULT_SEED ?= 15
# The executables under test: release by default (the kills need many full-size loads); CI's
# short pass uses the debug ones make test has just built.
FAULT_CONFIG ?= release

# The fault-injection suite at full size: every fault of FaultInjectionTests, and SIGKILL at
# FAULT_KILLS random moments of a FAULT_RECORDS-record load in each mode (KillSweepTests; make
# test runs both with 2 kills of 20k records). Ends with the total of faults tried, states
# checked and states intact; the log is build/faults/log.txt.
faults: deps
	$(SWIFT) build -c $(FAULT_CONFIG)
	$(SWIFT) build --build-tests
	@mkdir -p build/faults
	@set -o pipefail; SLUICE_BIN_DIR="$$($(SWIFT) build -c $(FAULT_CONFIG) --show-bin-path)" SLUICE_FAULT_KILLS=$(FAULT_KILLS) \
		SLUICE_FAULT_RECORDS=$(FAULT_RECORDS) SLUICE_FAULT_SEED=$(FAULT_SEED) \
		$(SWIFT) test --skip-build --filter 'FaultInjectionTests|KillSweepTests' 2>&1 | tee build/faults/log.txt; status=$$?; \
		grep '^fault-injection: ' build/faults/log.txt | sed -E 's/.*: ([0-9]+) tried.*, ([0-9]+) states checked, ([0-9]+) intact$$/\1 \2 \3/' \
			| awk '{ t += $$1; c += $$2; i += $$3; k++ } END { printf "faults: %d kinds, %d tried, %d states checked, %d intact\n", k, t, c, i }'; \
		exit $$status

FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=
FUZZ_OPTIMIZE ?= -O

# Coverage-guided fuzzing (libFuzzer + AddressSanitizer, built with swiftc outside swift build)
# of every parser: JSON and NDJSON records, the JSON array streamer, the CSV reader (both modes), the
# gazetteer loader, HTML tables, the address parser, labels files, GTFS stops, OpenAddresses rows,
# GeoJSON streets and places, the report's records and dedupe's compare methods, FUZZ_SECONDS each, corpora seeded from
# the test fixtures in build/fuzz/corpus. Prints executions per target and in total; a crash
# fails the run, minimised in build/fuzz/artifacts. FUZZ_TARGETS='json html' picks targets;
# FUZZ_OPTIMIZE=-Onone builds faster and keeps Swift's bounds checks on unsafe buffers.
fuzz:
	FUZZ_OPTIMIZE=$(FUZZ_OPTIMIZE) scripts/fuzz.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

STATIC_BIN = .build-static/release
STATIC_PRODUCTS = sluice-fetch sluice-sanitize sluice-geocode sluice-dedupe sluice-load sluice-bench sluice-eval
SPARK_VENV = build/spark/venv
PYSPARK_VERSION = 3.5.3

# The stages for machines without Swift (Spark executors): release builds with the Swift runtime
# and Foundation linked in (--static-swift-stdlib) into .build-static, then checked with ldd and
# run under env -i (scale/spark/check-static.sh). FoundationNetworking's static library asks the
# linker for -lcurl, which only the dev package names; the runtime library libcurl.so.4 (which the
# dynamic build needs too) is linked through a symlink instead of installing libcurl4-openssl-dev.
static: deps
	@curl_lib=$$(/sbin/ldconfig -p | awk '$$1 == "libcurl.so.4" { print $$NF; exit }'); \
		[ -n "$$curl_lib" ] || { echo "make: libcurl.so.4 is missing (Debian: libcurl4)"; exit 1; }; \
		mkdir -p .build-static/link && ln -sf "$$curl_lib" .build-static/link/libcurl.so
	for product in $(STATIC_PRODUCTS); do \
		$(SWIFT) build -c release --static-swift-stdlib --scratch-path .build-static \
			-Xlinker -L$(CURDIR)/.build-static/link --product $$product || exit 1; \
	done
	scale/spark/check-static.sh $(STATIC_BIN)

# What the Spark driver needs: a Java runtime (Debian's OpenJDK 17 when java is missing) and
# pyspark, pinned, in a virtual environment under build/ (nothing installed globally).
spark-deps:
	@if ! command -v java >/dev/null 2>&1; then \
		echo "make: java is missing; installing openjdk-17-jre-headless with apt-get (for Spark)"; \
		SUDO=$$( [ "$$(id -u)" -eq 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openjdk-17-jre-headless; \
	fi
	@if ! $(SPARK_VENV)/bin/python -c 'import sys, pyspark; sys.exit(pyspark.__version__ != "$(PYSPARK_VERSION)")' 2>/dev/null; then \
		echo "make: installing pyspark $(PYSPARK_VERSION) from PyPI into $(SPARK_VENV)"; \
		rm -rf $(SPARK_VENV) && python3 -m venv $(SPARK_VENV) \
			&& $(SPARK_VENV)/bin/pip install -q --disable-pip-version-check pyspark==$(PYSPARK_VERSION); \
	fi

# The stages on Apache Spark in local mode (local[2]: the real engine on this machine), on the
# bundled data and on the bench's 100k records, each against the shell pipeline on the same input:
# records byte for byte, clusters, database rows, Parquet values (exact and fuzzy dedupe; for
# --fuzzy blocked its agreement and its records byte for byte), and a stage's failure reported with
# its message and status (scale/spark/compare.py; outputs in build/spark/example).
SPARK_CASES ?= sf-exact sf-fold-merge sf-fuzzy sf-blocked sf-blocked-merge bench-exact bench-fuzzy bench-blocked failures
spark-example: static spark-deps
	$(SPARK_VENV)/bin/python scale/spark/compare.py --bin $(STATIC_BIN) --out build/spark/example $(SPARK_CASES)

# sluice-load's round trip on ROUNDTRIP_RECORDS seeded hostile records (make test runs 4,000):
# every value of every accepted record read back from the table; prints values compared and lost.
ROUNDTRIP_RECORDS ?= 100000
roundtrip: test-deps
	$(SWIFT) build --build-tests
	SLUICE_ROUNDTRIP_RECORDS=$(ROUNDTRIP_RECORDS) $(SWIFT) test --skip-build --filter LoadRoundTripTests

# Re-records the golden files of the end-to-end cases, then fails so the diff gets read.
golden: test-deps
	$(SWIFT) build --build-tests
	SLUICE_BIN_DIR="$$($(SWIFT) build --show-bin-path)" SLUICE_RECORD_GOLDEN=1 $(SWIFT) test --skip-build --filter GoldenCaseTests; \
		git status --short Tests/EndToEndTests/Cases; echo "golden files re-recorded: read the diff, then commit"; exit 1

install: build
	install -d $(PREFIX)/bin
	install -m 755 $(addprefix $(RELEASE_BIN)/,$(EXECUTABLES)) $(PREFIX)/bin/

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests Fuzz examples/swift-api/Package.swift examples/swift-api/Sources

# Swift by swift-format; the Python beside it (scripts/, scale/, examples/, test fixtures) by
# pyflakes, Debian's python3-pyflakes, installed with apt-get when missing as deps does: unused
# and undefined names, shadowed imports (it checks no style).
PYTHON_DIRS = scripts scale examples Tests
lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Fuzz examples/swift-api/Package.swift examples/swift-api/Sources
	@if ! command -v pyflakes3 >/dev/null; then \
		echo "make: installing python3-pyflakes with apt-get (make lint checks the Python with it)"; \
		SUDO=$$( [ "$$(id -u)" -eq 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-pyflakes; \
	fi
	pyflakes3 $(PYTHON_DIRS)

clean:
	rm -rf .build .build-static build examples/swift-api/.build
	rm -f data/*.sluice-index
