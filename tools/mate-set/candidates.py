#!/usr/bin/env python3
"""Candidate mate problems from match records (docs/records/*.txt[.gz]): for every game won by
capturing the royals, the positions k plies before the end with the winner to move (k odd),
written as `<start sfen> moves <moves> # <source>` lines, one file per game and rule set.
`shishi mate` then decides which are forced wins by checks (tools/mate-set/README.md)."""

import gzip
import re
import sys
from pathlib import Path

MOVE_NUMBER = re.compile(r"^\d+\.$")
RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}


def games(path):
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt") as f:
        text = f.read()
    for block in re.split(r"\n(?=\[Event )", text):
        tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', block, re.M))
        body = "\n".join(l for l in block.splitlines() if not l.startswith("["))
        moves = [t for t in body.split() if not MOVE_NUMBER.match(t) and t not in RESULTS]
        yield tags, moves


def main(out_dir, ks, records):
    out = {}
    for path in map(Path, records):
        for tags, moves in games(path):
            if tags.get("Reason") != "royal pieces captured" or "SFEN" not in tags:
                continue
            key = (tags.get("Variant", "chu"), tags.get("Rules", "seed"))
            for k in ks:
                if k >= len(moves):
                    continue
                cut = len(moves) - k
                line = "%s moves %s # %s game %s ply %d (%d plies before the end)" % (
                    tags["SFEN"], " ".join(moves[:cut]), path.name, tags.get("Game"), cut, k)
                out.setdefault(key, []).append(line)
    for (variant, rules), lines in out.items():
        name = Path(out_dir) / ("%s-%s.txt" % (variant, rules))
        name.write_text("\n".join(lines) + "\n")
        print(name, len(lines), file=sys.stderr)


if __name__ == "__main__":
    ks = [int(k) for k in sys.argv[2].split(",")]
    main(sys.argv[1], ks, sys.argv[3:])
