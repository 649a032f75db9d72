/// The LEVELS and LABELS sections of `sluice-dedupe --help`.
enum LabelHelp {
    static let levels = """
          Each method splits the pairs of a field into levels, each learning its own weight; missing is level 0.
          exact                  exact / different
          jw, lev, tokens        exact / ≥0.92 / ≥0.84 / different (jw; lev 0.85/0.7; tokens 0.9/0.75)
          name                   exact / ≥0.85 / ≥0.6 / ≥0.35 / different, by soft TF-IDF: words weighed by how rare they
                                 are in the field (cafe, restaurant, the count little), close words (piaza, piazza) alike
          num=TOL                exact / ≤TOL / ≤3·TOL / different
          date=DAYS              same day / one typo (a digit wrong, two swapped) / ≤DAYS / different
          geo=M                  ≤M / ≤5M / ≤25M metres / farther (FIELD.lat, FIELD.lon)
          phone                  digits only (a leading 1 of 11 dropped; under 7 digits is missing): same number /
                                 same last 7 digits / one digit wrong or two swapped / same last 4 digits / different
          housenumber            first digits and letters (542A): exact / same digits / one digit wrong or two
                                 swapped / different
          address                an address.key (1200 van ness; or an object holding key): exact / same number, street
                                 close (jw ≥0.92) / same street, number a typo away / same street / different; a key
                                 without a number (a place, a corner) is exact / close / different
          Levels of your own, as Splink's comparison levels: similarities highest first (jw=0.95/0.88/0.7, for jw,
          lev, tokens, name) or distances smallest first (num=1/5/20, date=30/365, geo=25/100/500); up to 15 levels.
        """

    static let labels = """
          A labels file holds answers about pairs, one NDJSON line each, naming both records by their provenance
          (as --suggest and --pairs write it), by {"record":N} (the N-th input record) or, with --id FIELD, by that
          field's value:
            {"a":{"source":"films.csv","row":3},"b":{"source":"films.csv","row":9},"label":"match"}
            {"a":"rec-12-org","b":"rec-12-dup-0","label":"distinct"}
          label is match, distinct or unsure (kept, but teaches nothing); other members are ignored, so a --suggest
          line with "label" added is a label; a later answer about a pair replaces an earlier one. Labels naming
          records the input does not hold are counted in a warning and ignored.
          With labels, EM runs again with the answers: the pairs of a comparison pattern someone answered about
          take the chance the answers give (the model's own guess counting as one answer), so m moves to what the
          answers show; u stays from random pairs (labelled pairs are chosen for being hard, not at random).
          The same chance scores the pattern's pairs. The threshold is the one with the best F1 over the labelled
          pairs' 5-fold cross-validated probabilities (stated on stderr; --threshold keeps yours and measures it).
          --explain-model shows each weight beside the one learnt without labels.
          --label FILE asks in the terminal (/dev/tty, so records may come on stdin and go to stdout): the two
          records side by side, differing members marked, the model's probability; answer y, n, u or f (finish;
          Ctrl-D too). Each answer is appended to FILE and synced before the next question, so Ctrl-C loses
          nothing answered; the model learns from it and the next pair is the one it is then least sure of (the
          match probability nearest 0.5, across every block, at most one pair per comparison pattern, patterns
          answered before counting less). After f the records are deduplicated with every answer.
          --suggest N writes the N pairs the same choice ranks first, as NDJSON ({"a":…,"b":…,"probability":…,
          "fields":{…}}) instead of the records: answer them, append them to the labels file, run again.
        """
}
