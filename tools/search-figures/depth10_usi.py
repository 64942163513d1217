#!/usr/bin/env python3
"""The per-node cost figure of docs/search.md ("Cost per node"): one depth-10 search from the
chu start position after 7i7h 6d6e, one thread, over USI; quits as soon as `bestmove` comes.

    depth10_usi.py ENGINE-COMMAND…

The engine command is everything after the script's name, so a profiler can wrap it:

    depth10_usi.py valgrind --tool=callgrind --callgrind-out-file=OUT target/release/shishi

Prints the last `info … nodes …` line and the `bestmove` line.
"""
import subprocess
import sys


def main():
    p = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    def wait_for(prefix):
        for line in p.stdout:
            if line.startswith(prefix):
                return

    send("usi")
    wait_for("usiok")
    send("setoption name Threads value 1")
    send("isready")
    wait_for("readyok")
    send("position startpos moves 7i7h 6d6e")
    send("go depth 10")
    last = ""
    for line in p.stdout:
        if line.startswith("info") and " nodes " in line:
            last = line.strip()
        if line.startswith("bestmove"):
            print(last)
            print(line.strip())
            break
    send("quit")
    p.wait()


if __name__ == "__main__":
    main()
