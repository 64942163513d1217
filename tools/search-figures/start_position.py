#!/usr/bin/env python3
"""Search figures from a start position through USI, in interleaved rounds.

usage: start_position.py BIN[,BIN...] --variant chu|daidai --threads N (--depth D | --movetime MS)
       [--rounds R]
With --depth: the time to finish depth D (time to depth). With --movetime: the depth reached.
Prints every run, then the median per binary."""
import argparse, statistics, subprocess, time

def run(binary, variant, threads, go):
    p = subprocess.Popen([binary, "--protocol", "usi"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True, bufsize=1)
    def send(s):
        p.stdin.write(s + "\n"); p.stdin.flush()
    def until(tok):
        lines = []
        while True:
            l = p.stdout.readline()
            if not l:
                raise SystemExit(f"{binary}: engine closed its output")
            lines.append(l)
            if l.startswith(tok):
                return lines
    send("usi"); until("usiok")
    if variant != "chu":
        send(f"setoption name USI_Variant value {variant}")
    send(f"setoption name Threads value {threads}")
    send("setoption name USI_Hash value 256")
    send("isready"); until("readyok"); send("usinewgame"); send("position startpos")
    t = time.time(); send(f"go {go}"); lines = until("bestmove"); dt = time.time() - t
    send("quit"); p.wait()
    last = [l for l in lines if l.startswith("info depth")][-1].split()
    return dt, int(last[last.index("depth") + 1]), int(last[last.index("nodes") + 1])

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
