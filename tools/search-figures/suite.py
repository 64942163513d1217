#!/usr/bin/env python3
"""Time to a fixed depth over a file of positions, through USI, for several binaries in
interleaved rounds (this machine is noisy: compare medians of rounds, not single runs).

usage: suite.py POSITIONS DEPTH BIN[,BIN...] [--threads N] [--rounds R] [--variant daidai]
prints one line per binary and round: total seconds, total nodes, nodes/s; then the medians.
POSITIONS holds USI `position` arguments, one per line (# starts a comment)."""
import argparse, statistics, subprocess, time

def positions(path):
    return [l.strip() for l in open(path) if l.strip() and not l.startswith("#")]

def run(binary, poss, depth, threads, variant):
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
    send("setoption name USI_Hash value 64")
    send(f"setoption name Threads value {threads}")
    send("isready"); until("readyok")
    total_t, total_n = 0.0, 0
    for pos in poss:
        send("usinewgame"); send(f"position {pos}"); send("isready"); until("readyok")
        t = time.time(); send(f"go depth {depth}"); lines = until("bestmove")
        total_t += time.time() - t
        info = [l for l in lines if l.startswith("info depth")][-1].split()
        total_n += int(info[info.index("nodes") + 1])
    send("quit"); p.wait()
    return total_t, total_n

a = argparse.ArgumentParser()
a.add_argument("positions"); a.add_argument("depth", type=int); a.add_argument("binaries")
a.add_argument("--threads", type=int, default=1); a.add_argument("--rounds", type=int, default=1)
a.add_argument("--variant", default="chu")
args = a.parse_args()
poss = positions(args.positions)
times = {b: [] for b in args.binaries.split(",")}
for _ in range(args.rounds):
    for b in times:
        t, n = run(b, poss, args.depth, args.threads, args.variant)
        times[b].append(t)
        print(f"{b} threads {args.threads} depth {args.depth} positions {len(poss)}: "
              f"{t:.2f} s {n} nodes {n / t:.0f} nps", flush=True)
for b, ts in times.items():
    print(f"{b} threads {args.threads} depth {args.depth}: median {statistics.median(ts):.2f} s")
