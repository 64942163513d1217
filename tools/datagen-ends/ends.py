#!/usr/bin/env python3
"""How the games of `shishi datagen` shards end (docs/training.md, "Dai dai's draws").

Usage: tools/datagen-ends/ends.py SHARD... (plain or .gz)

A shard keeps one line per searched position (sfen;score;result;ply;game), so a game's
last kept ply shows how long it ran: a draw whose last ply is at the --max-plies limit was
cut off, not drawn by the rules. For the drawn games it prints the lead (the search's score,
from the side ahead) at plies 300, 500 and 700 and at the last kept position, and the
pieces left on the board, which tell a balanced game from an advantage never converted.
"""
import collections
import gzip
import re
import sys


def read(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        header = f.readline()
        max_plies = 800 if "variant=daidai" in header else 500
        games = collections.defaultdict(list)
        for line in f:
            sfen, score, result, ply, game = line.rstrip("\n").split(";")
            board, side = sfen.split(" ")[:2]
            black_view = int(score) if side == "b" else -int(score)
            result_black = int(result) if side == "b" else -int(result)
            games[(path, game)].append((int(ply), black_view, result_black, board))
    return games, max_plies


def pieces(board):
    """Pieces of each side on an SFEN board (upper case Black)."""
    tokens = re.findall(r"\+?(\([A-Za-z]+\)|[A-Za-z])", board)
    black = sum(1 for t in tokens if t.strip("()")[0].isupper())
    return black, len(tokens) - black


def bucket(lead):
    a = abs(lead)
    return "<2" if a < 200 else "2-10" if a < 1000 else "10-30" if a < 3000 else ">=30"


def main(paths):
    games, max_plies = {}, 0
    for p in paths:
        g, max_plies = read(p)
        games.update(g)
    ends = collections.Counter()
    drawn = []
    for rows in games.values():
        last_ply, _, result, _ = rows[-1]
        kind = "draw" if result == 0 else ("black won" if result > 0 else "white won")
        cut = last_ply >= max_plies - 20
        ends[(kind, "at the ply limit" if cut else "before it")] += 1
        if result == 0:
            drawn.append(rows)
    print(f"{len(games)} games")
    for (kind, when), n in sorted(ends.items()):
        print(f"  {kind:10} {when:17} {n:5} ({100 * n / len(games):.0f} %)")
    print(f"lead of the side ahead in the {len(drawn)} drawn games (pawns):")
    for target in (300, 500, 700, None):
        c = collections.Counter()
        for rows in drawn:
            kept = [r for r in rows if target is None or r[0] <= target]
            if kept:
                c[bucket(kept[-1][1])] += 1
        name = "last kept" if target is None else f"ply {target}"
        print(f"  {name:9} " + "  ".join(f"{k}: {c[k]}" for k in ("<2", "2-10", "10-30", ">=30")))
    left = sorted(sum(pieces(rows[-1][3])) for rows in drawn)
    if left:
        print(f"pieces on the board at the end of drawn games: median {left[len(left) // 2]}, "
              f"quartiles {left[len(left) // 4]}-{left[3 * len(left) // 4]}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
