#!/usr/bin/env python3
"""Instructions per chu node of one `shishi bench` run under callgrind, dumped around each
search (docs/eval.md, "Width"):

    valgrind --tool=callgrind --callgrind-out-file=cg.out \\
        --dump-before=shishi::search::Searcher::search \\
        --dump-after=shishi::search::Searcher::search  shishi [--eval-file F] bench > bench.txt
    python3 tools/nnue-width/chu_cost.py cg.out bench.txt

Parts 2, 4 and 6 are the three chu searches, 8, 10 and 12 the dai dai ones; start-up,
reading the network and the tables' set-up fall in the odd parts and are left out.
"""
import glob
import re
import sys


def total(path):
    for line in open(path):
        if line.startswith(("totals:", "summary:")):
            return int(line.split()[1])
    raise SystemExit(f"{path}: no totals")


def main():
    prefix, bench = sys.argv[1], sys.argv[2]
    parts = {}
    for path in glob.glob(f"{prefix}.*"):
        m = re.search(r"\.(\d+)$", path)
        if m:
            parts[int(m.group(1))] = total(path)
    nodes = [int(line.split(":")[1].split()[0])
             for line in open(bench) if " depth " in line and " nodes " in line]
    if len(nodes) != 6 or any(k not in parts for k in range(2, 13, 2)):
        raise SystemExit("expected six searches and twelve dumps")
    for name, keys, counts in [("chu", (2, 4, 6), nodes[:3]), ("daidai", (8, 10, 12), nodes[3:])]:
        instructions = sum(parts[k] for k in keys)
        print(f"{name:<7} {instructions:>15,} instructions {sum(counts):>10,} nodes "
              f"{instructions / sum(counts):>7.0f} per node")


if __name__ == "__main__":
    main()
