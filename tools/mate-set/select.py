#!/usr/bin/env python3
"""Picks mate problems from `shishi mate --json` output over candidates.py's lines: proven
mates of 5 to 35 plies, one position string once, at most one position per game (the one
with the longest line, or the longest few), spread over lengths; writes `<sfen> # <source>, mate in N plies`
lines (engine-tests/data/mate-*.txt)."""

import json
import sys


def main(out, limit, per_game, results):
    best = {}
    seen = set()
    for path in results:
        for line in open(path):
            r = json.loads(line)
            if r["result"] != "mate" or not 5 <= r["plies"] <= 35 or r["sfen"] in seen:
                continue
            seen.add(r["sfen"])
            source = r["comment"].split(" ply ")[0]
            best.setdefault(source, []).append(r)
    picked = []
    for rows in best.values():
        picked += sorted(rows, key=lambda r: -r["plies"])[:per_game]
    picked.sort(key=lambda r: -r["plies"])
    # Longest first, then every other length class so short ones are not crowded out.
    longest = picked[: limit // 2]
    rest = picked[limit // 2:]
    step = max(1, len(rest) // max(1, limit - len(longest)))
    chosen = longest + rest[::step][: limit - len(longest)]
    chosen.sort(key=lambda r: (r["plies"], r["comment"]))
    with open(out, "w") as f:
        for r in chosen:
            f.write("%s # %s, mate in %d plies\n" % (r["sfen"], r["comment"], r["plies"]))
    print(out, len(chosen), file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:])
