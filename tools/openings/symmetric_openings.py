#!/usr/bin/env python3
"""Builds an opening file with no evaluation at all: symmetric random lines.

Black plays a random quiet move (no capture, no promotion, no lion double move or pass) and
White answers with the same move turned 180 degrees, N times; the position is then the start
position's mirror image in every respect but the pieces moved, so it is level by symmetry in
the same sense as the start position (Black to move, with the tempo the start position gives).
Shishi only lists the legal moves and prints the SFEN; it never searches. This is how the dai
dai opening set stays free of Shishi's choice: no other dai dai engine exists to score lines.

  tools/openings/symmetric_openings.py --variant daidai --min-pairs 2 --max-pairs 4 --count 100 > openings/daidai-symmetric.epd
"""
import argparse
import random
import re

from make_openings import Engine, legal_moves, pieces

SIDE = {"chu": 12, "daidai": 17}


def mirrored(move, side):
    """The move turned 180 degrees (`7i7h` -> `6d6e` in chu), or None if it is not a plain
    one-step quiet move this script uses."""
    squares = re.findall(r"(\d+)([a-q])", move)
    if len(squares) != 2 or move.endswith(("+", "=")) or squares[0] == squares[1]:
        return None
    return "".join(f"{side + 1 - int(f)}{chr(ord('a') + side - 1 - (ord(r) - ord('a')))}"
                   for f, r in squares)


def cells(board):
    """The board field of an SFEN as rows of cells (None for empty)."""
    rows = []
    for rank in board.split("/"):
        row = []
        for tok in re.findall(r"\d+|\+?(?:\([a-zA-Z]+\)|[a-zA-Z])", rank):
            row.extend([None] * int(tok) if tok.isdigit() else [tok])
        rows.append(row)
    return rows


def symmetric(sfen):
    """Whether the board is its own 180-degree turn with the colours swapped."""
    rows = cells(sfen.split()[0])
    turned = [[c.swapcase() if c else None for c in reversed(r)] for r in reversed(rows)]
    return rows == turned


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--variant", choices=["chu", "daidai"], required=True)
    ap.add_argument("--min-pairs", type=int, default=2)
    ap.add_argument("--max-pairs", type=int, default=4)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    side = SIDE[a.variant]
    rng = random.Random(a.seed)
    eng = Engine("chushogi" if a.variant == "chu" else "daidaishogi")
    start = eng.sfen([])
    assert symmetric(start), "the start position is not symmetric"
    seen, lines, tries = set(), [], 0
    while len(lines) < a.count:
        tries += 1
        pairs = rng.randint(a.min_pairs, a.max_pairs)
        moves, sfen = [], start
        while len(moves) < 2 * pairs:
            options = [m for m in legal_moves(a.variant, sfen) if mirrored(m, side)]
            rng.shuffle(options)
            for m in options:
                after = eng.sfen(moves + [m])
                if pieces(after) != pieces(sfen):
                    continue  # a capture
                reply = mirrored(m, side)
                if reply not in legal_moves(a.variant, after):
                    continue  # Black's move blocks or takes White's mirror move
                final = eng.sfen(moves + [m, reply])
                if pieces(final) == pieces(sfen) and symmetric(final):
                    moves += [m, reply]
                    sfen = final
                    break
            else:
                break  # no move keeps the symmetry: start a new line
        if len(moves) < 2 * pairs or sfen in seen:
            continue
        seen.add(sfen)
        lines.append((sfen, moves))
    eng.send("quit")
    rules = "lishogi" if a.variant == "chu" else "seed"
    print(f"# {a.variant} openings for `shishi match` chosen by no evaluation (docs/strength.md); "
          f"perft-suites line format.")
    print(f"# Made by tools/openings/symmetric_openings.py --variant {a.variant} --min-pairs "
          f"{a.min_pairs} --max-pairs {a.max_pairs} --count {a.count} --seed {a.seed}:")
    print(f"# {a.min_pairs}-{a.max_pairs} random quiet Black moves, each answered by White's "
          f"mirror move (180-degree turn); every position is symmetric, Black to move.")
    for i, (sfen, moves) in enumerate(lines, 1):
        print(f"{a.variant} {rules} {sfen} ;id sym{i:03d} ;note moves {' '.join(moves)}")


if __name__ == "__main__":
    main()
