#!/usr/bin/env python3
"""Instructions per node by part, from a callgrind profile of a search.

    callgrind_parts.py PROFILE NODES [--baseline PROFILE]

Reads `callgrind_annotate --threshold=100 PROFILE` (self cost of every file:function pair,
where `file` is the source file of the inlined code and `function` the symbol it was compiled
into) and puts each pair in one part:

- by the source file when it is one of the engine's own: the code of a file is that part's
  work wherever it was inlined (src/rules/movegen.rs inlined into the search is still move
  generation);
- by the symbol for code of shared helpers (the standard library, src/rules/geometry.rs,
  pieces/, moves.rs, memcpy…), which serve whatever called them.

memcpy/memset have a row of their own: their callers (`callgrind_annotate --tree=caller`) are
the accumulator copies of the search's make (two per move) and the undo records of
`Position::make`/`unmake` (one each).

Everything outside the search thread (start-up, reading the network, the protocol) is
counted apart as "outside the search", so the per-node figures are the search's own. Generic
code that the search's symbols do not name (an iterator adapter's `next`, a closure's
`call_mut`) lands there too; "search, inclusive" is the inclusive cost of
`search::aspiration_search`, the search's total whatever its code is called.
"""
import re, subprocess, sys

PARTS = [
    "move generation", "attack tests (check, exchanges)", "make/unmake", "memcpy",
    "evaluation/NNUE", "transposition table", "ordering/picker",
    "search bookkeeping", "outside the search",
]

FILE_PART = [
    (r"src/rules/(movegen|emitter|multistep|lion_trading)\.rs", "move generation"),
    (r"src/rules/attacks\.rs", "attack tests (check, exchanges)"),
    (r"src/rules/(position|zobrist|outcome)\.rs", "make/unmake"),
    (r"src/(eval|nnue)/", "evaluation/NNUE"),
    (r"src/search/tt\.rs", "transposition table"),
    (r"src/search/(picker|ordering)\.rs", "ordering/picker"),
    (r"src/search/(alphabeta|mod|time|score)\.rs", "search bookkeeping"),
]

SYMBOL_PART = [
    (r"movegen::|emitter::|lion_trading::|multistep::", "move generation"),
    (r"attacks::", "attack tests (check, exchanges)"),
    (r"Position::(make|unmake|relocate|place|remove|captures_of|make_null)", "make/unmake"),
    (r"eval::|nnue::", "evaluation/NNUE"),
    (r"tt::", "transposition table"),
    (r"picker::|ordering::", "ordering/picker"),
    (r"alphabeta::|search::", "search bookkeeping"),
]

SEARCH_SYMBOL = re.compile(
    r"alphabeta::|movegen::|emitter::|lion_trading::|attacks::|Position::(make|unmake|relocate|place|remove|captures_of|make_null)"
    r"|eval::(evaluate|Accumulator|royal_safety)|nnue::network::Network::(output|update)|nnue::simd::|tt::|picker::|ordering::|search::aspiration|__mem(cpy|set|move)|__logf|repetitions|outcome::"
)


def part_of(path, symbol):
    if not SEARCH_SYMBOL.search(symbol):
        return "outside the search"
    if "__mem" in symbol:
        return "memcpy"
    for pat, part in FILE_PART:
        if re.search(pat, path):
            return part
    # The search's `make` is the accumulator update (`Accumulator::play`) inlined around
    # `Position::make`: its helper code is the evaluation's.
    if "Worker::make" in symbol:
        return "evaluation/NNUE"
    for pat, part in SYMBOL_PART:
        if re.search(pat, symbol):
            return part
    # logf: the late-move reduction's logarithm.
    return "search bookkeeping"


def parts(profile):
    out = subprocess.run(["callgrind_annotate", "--threshold=100", "--auto=no", profile],
                         capture_output=True, text=True, check=True).stdout
    total = 0
    sums = dict.fromkeys(PARTS, 0)
    started = False
    for line in out.splitlines():
        if "file:function" in line:
            started = True
            continue
        m = re.match(r"\s*([\d,]+) \([^)]*\)\s+(.*?):(\S.*?)(?: \[.*\])?$", line)
        if not started or not m:
            if "PROGRAM TOTALS" in line:
                total = int(line.split()[0].replace(",", ""))
            continue
        n = int(m.group(1).replace(",", ""))
        sums[part_of(m.group(2), m.group(3))] += n
    return total, sums


def inclusive_search(profile):
    """The inclusive cost of `search::aspiration_search` (every iteration of the search): the
    search's total whatever its code is called, where the parts above go by symbol and count
    generic code the search's own symbols do not name (iterator adapters, closures) as
    outside the search."""
    out = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100",
                          "--auto=no", profile], capture_output=True, text=True,
                         check=True).stdout
    costs = [int(line.split()[0].replace(",", "")) for line in out.splitlines()
             if re.search(r":shishi::search::aspiration_search( \[.*\])?$", line)]
    return max(costs, default=0)


def main():
    profile, nodes = sys.argv[1], int(sys.argv[2])
    total, sums = parts(profile)
    search = total - sums["outside the search"]
    inclusive = inclusive_search(profile)
    print(f"{'part':34} {'instructions':>14} {'per node':>9}")
    for p in PARTS:
        print(f"{p:34} {sums[p]:>14,} {sums[p] / nodes:>9,.0f}")
    print(f"{'search total':34} {search:>14,} {search / nodes:>9,.0f}")
    print(f"{'search, inclusive':34} {inclusive:>14,} {inclusive / nodes:>9,.0f}")
    print(f"{'program total':34} {total:>14,} {total / nodes:>9,.0f}")


if __name__ == "__main__":
    main()
