# Sluice — the front door for people and CI. `make` builds; `make pipeline` runs the stages on
# the bundled San Francisco data; `make test` runs every test. Each installs what it needs.

PREFIX ?= /usr/local
SWIFT ?= swift
RELEASE_BIN = .build/release
PIPELINE_DIR = build/pipeline
EXECUTABLES = sluice-fetch sluice-sanitize sluice-geocode sluice-dedupe sluice-load sluice-gazetteer sluice-stats
GAZETTEER_SOURCES ?= ../shared/data/gazetteer-sources

.PHONY: all build deps pipeline eval gazetteer bench stats-error test golden install clean format lint

all: build

# The system SQLite headers are the only thing outside the Swift toolchain.
deps:
	@if [ ! -f /usr/include/sqlite3.h ]; then \
		echo "make: libsqlite3-dev is missing; installing it with apt-get"; \
		SUDO=$$( [ "$$(id -u)" -eq 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libsqlite3-dev; \
	fi

build: deps
	$(SWIFT) build -c release

pipeline: build
	@scripts/pipeline.sh $(RELEASE_BIN) $(PIPELINE_DIR)

# Accuracy against labelled data: sanitize on the hand-labelled SF strings and usaddress's test
# data; geocode on food-truck addresses; dedupe's pairwise precision/recall/F1 on the Febrl sets and
# on the bench generator's SF-like records with known duplicates. Peers (usaddress, recordlinkage,
# Splink) are run beside ours when they are installed with pip, and skipped otherwise.
eval: build
	$(RELEASE_BIN)/sluice-eval sanitize
	$(RELEASE_BIN)/sluice-geocode-eval trucks --sources $(GAZETTEER_SOURCES) --aliases data/sf-landmark-aliases.csv
	python3 scripts/eval_dedupe_peers.py --ours $(RELEASE_BIN)/sluice-dedupe-eval
	$(RELEASE_BIN)/sluice-bench run --stages dedupe --sizes 10k --dedupe-size 10k --peer-sizes 10k --runs 1 --out build/eval/dedupe-sf

# Rebuilds data/sf-gazetteer.csv from the public sources (committed, so pipeline needs no rebuild).
gazetteer: build
	$(RELEASE_BIN)/sluice-gazetteer build --sources $(GAZETTEER_SOURCES) --aliases data/sf-landmark-aliases.csv --out data/sf-gazetteer.csv

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
bench: build
	$(RELEASE_BIN)/sluice-bench run --bin $(RELEASE_BIN) --out build/bench --sizes $(BENCH_SIZES) \
		--peer-sizes $(BENCH_PEER_SIZES) --dedupe-size $(BENCH_DEDUPE_SIZE) --runs $(BENCH_RUNS) \
		$(if $(BENCH_BUDGET),--budget $(BENCH_BUDGET))

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

# Builds the executables first: the end-to-end tests run them.
test: deps
	$(SWIFT) build --build-tests
	SLUICE_BIN_DIR="$$($(SWIFT) build --show-bin-path)" $(SWIFT) test --skip-build

# Re-records the golden files of the end-to-end cases, then fails so the diff gets read.
golden: deps
	$(SWIFT) build --build-tests
	SLUICE_BIN_DIR="$$($(SWIFT) build --show-bin-path)" SLUICE_RECORD_GOLDEN=1 $(SWIFT) test --skip-build --filter GoldenCaseTests; \
		git status --short Tests/EndToEndTests/Cases; echo "golden files re-recorded: read the diff, then commit"; exit 1

install: build
	install -d $(PREFIX)/bin
	install -m 755 $(addprefix $(RELEASE_BIN)/,$(EXECUTABLES)) $(PREFIX)/bin/

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

clean:
	rm -rf .build build
