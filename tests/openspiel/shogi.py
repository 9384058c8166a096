#!/usr/bin/env python3
"""Cross-checks rulebook's shogi against OpenSpiel's (`shogi`, open_spiel 2.0.2).

A developer's tool, not part of the test suite (see README.md beside it). It plays seeded
random games in OpenSpiel, stops each after a random number of plies, writes the position
reached in rulebook's position text, and compares the perft counts of both programs from
there (OpenSpiel's by walking its tree here, rulebook's by `rulebook perft shogi DEPTH
--position TEXT`) and the sets of legal moves at the root. It checks rulebook's SFEN too:
`rulebook position shogi --sfen` of the position text must be OpenSpiel's SFEN (the move
number apart: rulebook's text keeps none), and of OpenSpiel's SFEN read as `--position`
OpenSpiel's SFEN itself, both with the hands in rulebook's order (below); and the game's
moves as OpenSpiel writes them in USI, given to `rulebook position shogi --moves`, must
lead to the same SFEN (the move number apart).

    shogi.py [--games N] [--depth D] [--seed S] [--min-plies A] [--max-plies B]
             [--rulebook PATH]

OpenSpiel writes a position as SFEN (`lnsgkgsnl/1r5b1/... b - 1`: rank a, White's back
rank, first; files 9 to 1 left to right; promoted pieces `+P`; the hands after the side
to move) and a move in USI (`7g7f`, `8h2b+`, `P*5e`: file 1-9 from Black's right, rank a-i
from White's side). rulebook's board is the same picture with files a..i and ranks 9..1
(SFEN square 7g is c3), the promoted pieces one letter each (D H T I M U for +R +B +P +S
+N +L, SH-1), the hands as `hand=PLAYER:K,R,B,G,S,N,L,P` counts. rulebook's SFEN writes
each hand in the order the kinds are declared (R B G S N L P, SFEN's usual order), while
OpenSpiel's goes from the pawn up (`PNp`): the comparison puts OpenSpiel's in rulebook's.
"""

import argparse
import random
import sys

import pyspiel

import common

PROMOTED = {"R": "D", "B": "H", "P": "T", "S": "I", "N": "M", "L": "U"}
HAND_ORDER = "KRBGSNLP"


def site(usi):
    """USI square `7g` -> rulebook's `c3`."""
    return f"{chr(ord('a') + 9 - int(usi[0]))}{10 - (ord(usi[1]) - ord('a') + 1)}"


def move_text(usi):
    """A USI move in the shape rulebook's moves are compared in: `c3-c4`, `b2-h8+`, `P*e5`."""
    if usi[1] == "*":
        return f"{usi[0]}*{site(usi[2:4])}"
    text = f"{site(usi[0:2])}-{site(usi[2:4])}"
    return text + "+" if usi.endswith("+") else text


def squares(text):
    """The pieces of rulebook's position text by square: `{"c3": "P", ...}`."""
    out = {}
    for r, row in enumerate(text.split()[0].split("/")):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
                continue
            out[f"{chr(ord('a') + f)}{9 - r}"] = ch
            f += 1
    return out


def ours_as_usi_shape(move, board):
    """rulebook's `c7-c8=T` -> `c7-c8+`, `c7-c8=P` -> `c7-c8`; a move that must promote
    (SH-12: a pawn or lance to the last rank, a knight to the last two), which names no
    choice, gains its `+`; a drop keeps its shape."""
    if "=" in move:
        base, letter = move.split("=")
        return base + "+" if letter.upper() in PROMOTED.values() else base
    if "*" in move:
        return move
    origin, target = move.split("-")
    piece = board[origin]
    rank = int(target[1:])
    far = rank if piece.isupper() else 10 - rank
    must = (piece.upper() in "PL" and far == 9) or (piece.upper() == "N" and far >= 8)
    return move + "+" if must else move


def board_text(sfen_board):
    rows = []
    for row in sfen_board.split("/"):
        out, promoted = "", False
        for ch in row:
            if ch == "+":
                promoted = True
                continue
            if promoted:
                letter = PROMOTED[ch.upper()]
                out += letter if ch.isupper() else letter.lower()
                promoted = False
            else:
                out += ch
        rows.append(out)
    return "/".join(rows)


def hands(field):
    counts = {"black": dict.fromkeys(HAND_ORDER, 0), "white": dict.fromkeys(HAND_ORDER, 0)}
    if field == "-":
        return counts
    n = ""
    for ch in field:
        if ch.isdigit():
            n += ch
            continue
        player = "black" if ch.isupper() else "white"
        counts[player][ch.upper()] += int(n or 1)
        n = ""
    return counts


def position_text(state):
    board, side, hand, _ = str(state).split()
    words = [board_text(board), "black" if side == "b" else "white"]
    for player, c in hands(hand).items():
        if any(c.values()):
            words.append(f"hand={player}:" + ",".join(str(c[k]) for k in HAND_ORDER))
    return " ".join(words)


def sfen_in_our_order(sfen):
    """OpenSpiel's SFEN with each hand in the declared order R B G S N L P."""
    board, side, hand, number = sfen.split()
    counts = hands(hand)
    out = ""
    for player, case in (("black", str.upper), ("white", str.lower)):
        for k in HAND_ORDER:
            n = counts[player][k]
            out += ("" if n < 2 else str(n)) + case(k) if n else ""
    return f"{board} {side} {out or '-'} {number}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    common.add_random_arguments(ap, depth=2, min_plies=20, max_plies=150)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    game = pyspiel.load_game("shogi")
    bad = 0
    for g in range(a.games):
        state = game.new_initial_state()
        played = []
        for _ in range(rng.randint(a.min_plies, a.max_plies)):
            if state.is_terminal():
                break
            action = rng.choice(state.legal_actions())
            played.append(state.action_to_string(action))
            state.apply_action(action)
        plies = len(played)
        text = position_text(state)
        spiel_moves = []
        if not state.is_terminal():
            spiel_moves = sorted(move_text(state.action_to_string(x)) for x in state.legal_actions())
        board = squares(text)
        listed = common.rulebook_moves(a.rulebook, "shogi", text)
        ours = sorted(ours_as_usi_shape(m, board) for m in listed)
        spiel = [common.perft(state, d) for d in range(1, a.depth + 1)]
        mine = common.rulebook_perft(a.rulebook, "shogi", a.depth, text)
        sfen = sfen_in_our_order(str(state))
        run = lambda *args: common.rulebook(a.rulebook, ["position", "shogi", *args, "--sfen"])
        from_text = run("--position", text)
        from_sfen = run("--position", sfen)
        from_usi = run("--moves", " ".join(played))
        sfen_same = (
            from_text.split()[:3] == sfen.split()[:3] == from_usi.split()[:3]
            and from_sfen.strip() == sfen
        )
        label = f"game {g}: {plies} plies: {text}\n     sfen {sfen}"
        if not sfen_same:
            label += f"\n     rulebook's sfen: {from_text.strip()} / {from_sfen.strip()} / {from_usi.strip()}"
        bad += not (common.compare(label, spiel, mine, spiel_moves, ours) and sfen_same)
    return common.summary(a.games, bad)


if __name__ == "__main__":
    sys.exit(main())
