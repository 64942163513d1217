#!/usr/bin/env python3
"""Search figures from a start position through USI, in interleaved rounds.

usage: start_position.py BIN[,BIN...] --variant chu|daidai --threads N (--depth D | --movetime MS)
       [--rounds R]
With --depth: the time to finish depth D (time to depth). With --movetime: the depth reached.
Prints every run, then the median per binary."""
import argparse, statistics
from usi_engine import Engine

def run(binary, variant, threads, go):
    engine = Engine(binary, variant, threads, 256)
    result = engine.search("startpos", go)
    engine.quit()
    return result

a = argparse.ArgumentParser()
a.add_argument("binaries"); a.add_argument("--variant", default="chu")
a.add_argument("--threads", type=int, default=1); a.add_argument("--rounds", type=int, default=3)
a.add_argument("--depth", type=int); a.add_argument("--movetime", type=int)
args = a.parse_args()
go = f"depth {args.depth}" if args.depth else f"movetime {args.movetime}"
res = {b: [] for b in args.binaries.split(",")}
for _ in range(args.rounds):
    for b in res:
        dt, depth, nodes = run(b, args.variant, args.threads, go)
        res[b].append(dt if args.depth else depth)
        print(f"{b} {args.variant} threads {args.threads} go {go}: {dt:.2f} s depth {depth} "
              f"nodes {nodes}", flush=True)
for b, xs in res.items():
    what = "s" if args.depth else "depth"
    print(f"{b} {args.variant} threads {args.threads} go {go}: median {statistics.median(xs):.2f} {what}")
