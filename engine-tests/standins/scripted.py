#!/usr/bin/env python3
"""Scripted stand-in engine for `shishi match` tests (USI or UCI).

It replays a fixed game: asked for a move after N plies, it answers script[N]. Once the
script is exhausted (or at ply --at), it does what --then says:

  illegal   bestmove with a well-formed but illegal move
  garbage   prints binary junk, then a bestmove that is no move at all
  crash     exits without answering
  stall     never answers (keeps reading)
  slow      answers the scripted move (or an illegal one) after --sleep seconds
  resign    bestmove resign

Usage: scripted.py --script FILE [--then MODE] [--at N] [--sleep S] [--proto usi|uci]
                   [--log FILE] [--score-step CP]
The script file holds moves separated by whitespace; '#' starts a comment. --log appends
every `go` line received to FILE; with --score-step each scripted move comes with
`info … score cp K` where K is CP times the number of plies played before it (default 0).
"""
import sys
import time


def main():
    args = sys.argv[1:]
    opts = {"--then": "illegal", "--proto": "usi", "--at": None, "--sleep": "3", "--log": None,
            "--score-step": "0"}
    script = []
    i = 0
    while i < len(args):
        if args[i] == "--script":
            with open(args[i + 1]) as f:
                for line in f:
                    script.extend(line.split("#")[0].split())
        else:
            opts[args[i]] = args[i + 1]
        i += 2
    at = int(opts["--at"]) if opts["--at"] is not None else len(script)
    mode = opts["--then"]
    uci = opts["--proto"] == "uci"
    plies = 0

    def out(s):
        sys.stdout.write(s + "\n")
        sys.stdout.flush()

    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd = words[0]
        if cmd in ("usi", "uci"):
            out("id name scripted-" + mode)
            out("option name USI_Variant type combo default chushogi var chushogi var daidaishogi")
            out("uciok" if uci else "usiok")
        elif cmd == "isready":
            out("readyok")
        elif cmd == "position":
            plies = len(words) - words.index("moves") - 1 if "moves" in words else 0
        elif cmd == "go":
            if opts["--log"]:
                with open(opts["--log"], "a") as f:
                    f.write(line.strip() + "\n")
            if plies < at and plies < len(script):
                cp = int(opts["--score-step"]) * plies
                out(f"info depth 1 score cp {cp} pv " + script[plies])
                out("bestmove " + script[plies])
                continue
            if mode == "illegal":
                out("bestmove 1a1b")
            elif mode == "garbage":
                sys.stdout.buffer.write(b"\x00\xff\xfe garbage \x1b[2J\n")
                out("bestmove xyzzy!")
            elif mode == "crash":
                sys.exit(3)
            elif mode == "stall":
                pass
            elif mode == "slow":
                time.sleep(float(opts["--sleep"]))
                out("bestmove " + (script[plies] if plies < len(script) else "1a1b"))
            elif mode == "resign":
                out("bestmove resign")
        elif cmd == "quit":
            break


if __name__ == "__main__":
    main()
