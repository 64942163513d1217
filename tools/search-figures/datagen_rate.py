#!/usr/bin/env python3
"""Data generation's positions per second per thread, binaries alternating (this machine is
noisy: compare the medians of rounds, not single runs).

usage: datagen_rate.py VARIANT GAMES ROUNDS BIN [BIN...]
Round R runs `BIN datagen --variant VARIANT --games GAMES --nodes 5000 --seed 90R
--threads 1` for each binary in turn and prints the positions written, the wall time and
their quotient; then each binary's median. Two binaries play other games from one seed, so
only the rate compares, not the positions."""
import os, statistics, subprocess, sys, tempfile, time

if len(sys.argv) < 5:
    sys.exit(__doc__)
variant, games, rounds, binaries = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
rates = {b: [] for b in binaries}
with tempfile.TemporaryDirectory() as tmp:
    out = os.path.join(tmp, "shard.txt")
    for r in range(1, rounds + 1):
        for b in binaries:
            start = time.monotonic()
            subprocess.run([b, "datagen", "--out", out, "--variant", variant, "--games", games,
                            "--nodes", "5000", "--seed", f"90{r}", "--threads", "1"],
                           check=True, stderr=subprocess.DEVNULL)
            seconds = time.monotonic() - start
            positions = sum(1 for line in open(out) if not line.startswith("#"))
            rates[b].append(positions / seconds)
            print(f"{variant} round {r} {b}: {positions} positions {seconds:.2f} s "
                  f"{positions / seconds:.1f}/s", flush=True)
for b, rs in rates.items():
    print(f"{variant} {b}: median {statistics.median(rs):.1f} positions/s")
