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
                                 without a number (a place, a corner) is exact / close / different; two addresses whose
                                 city both name and differs (address.key reads its address) are different
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
          line with "label" added is a label; in one file a later answer about a pair replaces an earlier one.
          --labels may be repeated: answers come from every file; a pair answered match in one file and distinct
          in another is a conflict, said on stderr, and distinct wins. Labels naming records the input does not
          hold are counted in a warning and ignored. A last line without its newline that is the beginning of a
          JSON object cut short (the labeller stopped while writing it) is ignored, with a warning; any other bad
          line is an error (65), last or not. With --id, two records holding one value is an error (65) naming
          the value and both records: a label could not tell them apart.
          With labels, EM runs again with the answers (semi-supervised): the pairs of a comparison pattern someone
          answered about count with the chance the answers give (the model's own guess counting as one answer),
          so m moves toward what they show; u stays from random pairs (answered pairs are chosen for being hard,
          not at random). Then each level's weight moves to agree with the answers (a logistic fit held near the
          learnt weights by a prior of 3 bits), so that a lesson about one pattern reaches the others: a name
          that disagrees can come to outweigh an address and a phone that agree. Answers are facts: a pair
          answered distinct is never linked, and no cluster holds two records answered distinct; a pair answered
          match is linked unless that would join two such records. Links are joined strongest first (answered
          matches, then the model's by falling probability); one that would put two records answered distinct in
          one cluster is not followed: the distinct answer wins, and each such conflict is said on stderr (the
          first 10, then how many) with the answer's line, the two records and the link left out.
          "N pairs compared, M matched": candidate pairs compared (each once), and those of them linked.
          The threshold is the one with the best F1 over the answered pairs' 5-fold cross-validated
          probabilities, each pair weighed by the compared pairs of its pattern (stated on stderr; kept at
          --threshold, or 0.9, with fewer than 10 answers of either kind, and measured there).
          --explain-model shows each weight beside the one learnt without labels.
          --label FILE asks in the terminal (/dev/tty, so records may come on stdin and go to stdout): the two
          records side by side, differing members marked, the model's probability; answer y, n, u or f (finish;
          Ctrl-D too). Each answer is appended to FILE and synced before the next question, so Ctrl-C loses
          nothing answered; the model learns from it and asks next where it is least sure, across every block:
          the comparison pattern whose pairs hold the most wrong decisions the model expects (the sum of
          min(p, 1 - p), over 1 + the answers it has), its pair nearest 0.5; patterns it would link and
          patterns it would not in turn. After f the records are deduplicated with every answer.
          --suggest N writes the N pairs the same choice ranks first, as NDJSON ({"a":…,"b":…,"probability":…,
          "fields":{…}}) instead of the records: answer them, append them to the labels file, run again.
        """
}
