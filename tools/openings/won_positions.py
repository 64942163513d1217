#!/usr/bin/env python3
"""Positions where a game's mover first scored above +1500 cp, as an openings file: the start
positions of the conversion measurement (docs/search.md, "Converting won positions").

Usage: won_positions.py RECORD BINARY > won.epd   (reads SFEN, moves and Scores tags; asks the
engine's `d` command for the SFEN after the moves)."""
import re, subprocess, sys

record, binary = sys.argv[1], sys.argv[2]
text = open(record).read()
for block in text.split("[Event ")[1:]:
    tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', "[Event " + block, re.M))
    scores = tags.get("Scores", "").split()
    moves = [t for t in re.sub(r"^\[.*$", "", "[Event " + block, flags=re.M).split()
             if not re.match(r"^\d+\.$", t) and t not in ("1-0", "0-1", "1/2-1/2", "*")]
    k = next((i for i, s in enumerate(scores)
              if not s.startswith("#") and s.lstrip("-").isdigit() and int(s) > 1500), None)
    if k is None:
        continue
    variant = {"chu": "chu", "daidai": "daidai"}[tags["Variant"]]
    out = subprocess.run([binary], input=f"usi\nsetoption name USI_Variant value {'daidaishogi' if variant == 'daidai' else 'chushogi'}\n"
                         f"position sfen {tags['SFEN']} moves {' '.join(moves[:k])}\nd\nquit\n",
                         capture_output=True, text=True).stdout
    sfen = re.search(r"^sfen (.*)$", out, re.M).group(1)
    print(f"{variant} {tags.get('Rules', 'seed').lower()} {sfen} ;id g{tags['Game']}p{k}")
