#!/usr/bin/env python3
"""Leads an engine lost: judgement or tactics, read from a match record's scores.

Usage: tools/match-ends/lost_leads.py RECORD [--engine NAME] [--above CP]   (RECORD plain or .gz)

For every game in which NAME's reported score (the `Scores` tag, the mover's view) first
passed --above (default 1500, the mark of `shishi summary`'s conversion figure) and NAME
did not win, this prints where: the ply, how many of NAME's next ten scores stayed above
the mark (a lead that held, or a spike of one shallow search), the opponent's own scores on
its moves around that ply (did it agree it was behind? engines score on their own scales,
so only the sign counts), the ply at which NAME's score fell
back under zero, and the result. Issue 42's question, whether lost leads are the judgement's
(the opponent never agreed, and won) or the search's (both agreed, then a tactic turned
it), is then a count over these rows, which the last lines give, with the lost games in
which NAME went from a lead of three pawns or more straight to a mate against it (a threat
its search did not see). No engine is run.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from limit_leads import games  # noqa: E402


def value(text):
    """A `Scores` entry as centipawns (mates as ±30 000), or None for `-`."""
    if text == "-":
        return None
    if text.startswith("#"):
        return 30000 if int(text[1:]) > 0 else -30000
    return int(text)


def own_and_other(game, name):
    """NAME's and its opponent's scores, each as (ply, score) over its own moves."""
    scores = [value(s) for s in game.get("Scores", "").split()]
    white_first = game["SFEN"].split()[1] == "w"
    first = game["White"] if white_first else game["Black"]
    own_parity = 0 if first == name else 1
    own = [(i, s) for i, s in enumerate(scores) if i % 2 == own_parity and s is not None]
    other = [(i, s) for i, s in enumerate(scores) if i % 2 != own_parity and s is not None]
    return own, other


def mated_from_a_lead(game, name, lead=300):
    """(ply, score) of NAME's last score before its first mate-against score, when that
    score was a lead of at least `lead`: a mate the search saw only once it was on the board
    (None otherwise)."""
    scores = game.get("Scores", "").split()
    white_first = game["SFEN"].split()[1] == "w"
    first = game["White"] if white_first else game["Black"]
    own = [(i, s) for i, s in enumerate(scores) if i % 2 == (0 if first == name else 1)]
    k = next((j for j, (_, s) in enumerate(own) if s.startswith("#-")), None)
    if not k:
        return None
    ply, before = own[k - 1]
    score = value(before)
    return (ply, score) if score is not None and abs(score) < 30000 and score >= lead else None


def outcome(game, name):
    """'won', 'lost', 'drawn' or 'disputed' for NAME."""
    result = game["Result"]
    if result == "1/2-1/2":
        return "drawn"
    if result not in ("1-0", "0-1"):
        return "disputed"
    winner = game["Black"] if result == "1-0" else game["White"]
    return "won" if winner == name else "lost"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("record")
    parser.add_argument("--engine", default="Shishi")
    parser.add_argument("--above", type=int, default=1500)
    args = parser.parse_args()
    rows = []
    sudden = []
    for g in games(args.record):
        if args.engine not in (g["Black"], g["White"]):
            continue
        mated = mated_from_a_lead(g, args.engine) if outcome(g, args.engine) == "lost" else None
        if mated:
            sudden.append((g.get("Game", "?"), *mated))
        own, other = own_and_other(g, args.engine)
        first = next((k for k, (_, s) in enumerate(own) if s > args.above), None)
        if first is None:
            continue
        result = outcome(g, args.engine)
        if result == "won":
            continue
        ply = own[first][0]
        held = sum(1 for _, s in own[first + 1:first + 11] if s > args.above)
        near = [s for i, s in other if abs(i - ply) <= 4]
        fell = next((i for i, s in own[first:] if s < 0), None)
        rows.append((g.get("Game", "?"), ply, held, near, fell, result, g.get("Plies", "?")))
    print(f"{args.engine}: games above +{args.above} not won: {len(rows)}")
    print("game  first ply  held (of next 10)  opponent's own scores around it  under 0 at  result")
    behind = 0
    for number, ply, held, near, fell, result, plies in rows:
        behind += bool(near) and max(near) < 0
        print(f"{number:>4}  {ply:>9}  {held:>17}  {str(near):<32}  {str(fell):>10}  "
              f"{result} at ply {plies}")
    # Engines score on their own scales (HaChu's pawn is not Shishi's), so only the sign of
    # the opponent's scores is compared.
    print(f"the opponent scored itself behind on every move around it in {behind} of "
          f"{len(rows)}; the lead held 5 or more of the next 10 moves in "
          f"{sum(1 for r in rows if r[2] >= 5)}")
    print(f"lost games whose last score before a mate against {args.engine} was +300 or more: "
          f"{len(sudden)} (game, ply, score: {sudden})")

if __name__ == "__main__":
    main()
