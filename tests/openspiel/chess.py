#!/usr/bin/env python3
"""Perft counts of chess from OpenSpiel (`chess`, open_spiel 2.0.2), to cross-check rulebook's.

A developer's tool, not part of the test suite (see README.md beside it). Four commands:

    chess.py published [--depth D]          the six standard positions (Chess Programming
                                            Wiki, "Perft Results"): OpenSpiel's counts
                                            against the published ones, depths 1..D
    chess.py perft FEN DEPTH [--divide]     the counts from a position, in the format of
                   [--moves "e2-e4 ..."]    tests/perft/*.perft (`--divide`: each root
                                            move in rulebook's notation, with its count)
    chess.py own [--depth D]                the mid-game positions of tests/perft/chess.perft,
                                            their counts as written there
    chess.py file [PATH] [--depth D]        every case of a perft file (tests/perft/chess.perft)
                                            counted again by OpenSpiel, depths 1..D
    chess.py random [--games N] [--depth D] seeded random games in OpenSpiel, stopped after
                    [--seed S] [--min-plies A] [--max-plies B] [--rulebook PATH]
                                            a random number of plies; compares the legal
                                            moves and perft counts of both programs there
                                            (rulebook's `target/release/rulebook`)

`published` and `own` also take `--python-chess`: the counts of the python-chess library
(`pip install chess==1.11.2`), a third implementation, printed beside OpenSpiel's.

A position is a FEN of six fields; OpenSpiel reads it as `game.new_initial_state(FEN)` (the
game has no `fen` parameter; its one parameter is `chess960`). OpenSpiel's players are
numbered black 0, white 1. Its actions are written here in rulebook's move notation
(CH-16, docs/games/chess.md): the two squares joined by a hyphen, `e2-e4`; a promotion
adds `=` and the new piece's letter, `e7-e8=Q`; castling is the king's move, `e1-g1`;
en passant the capturing pawn's move, `e5-d6`. They are made from OpenSpiel's long
algebraic notation (`Move.to_lan()`: `e2e4`, `e7e8q`, `e1g1`).

OpenSpiel ends a game, besides checkmate and stalemate, at the third occurrence of a
position, when 100 plies pass without a capture or a pawn move (checkmate on the 100th
counts first), and when neither side has mating material (K v K, K and one minor piece v K,
K and bishops v K and bishops all on squares of one colour). rulebook's chess has the first
two (CH-13, CH-14) and not the third (CH-15), so positions compared here keep enough material
within the depth searched; every position in tests/perft/chess.perft does (pawns on both
sides, halfmove clock far from 100, and no repetition fits in fewer than 8 plies).
A finished game counts as a leaf at depth 0 and has no moves, as in rulebook's perft.
"""

import argparse
import os
import random
import sys

import pyspiel
from pyspiel import chess as spiel_chess

import common
from common import perft

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

# The Chess Programming Wiki's "Perft Results": the six positions and their published
# counts, depth 1 first (up to depth 5 here; the page gives deeper ones too).
PUBLISHED = [
    ("initial position", START, [20, 400, 8902, 197281, 4865609]),
    ("position 2 (Kiwipete)",
     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
     [48, 2039, 97862, 4085603, 193690690]),
    ("position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
     [14, 191, 2812, 43238, 674624]),
    ("position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
     [6, 264, 9467, 422333, 15833292]),
    ("position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
     [44, 1486, 62379, 2103487, 89941194]),
    ("position 6",
     "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
     [46, 2079, 89890, 3894594, 164075551]),
]

# The mid-game positions of tests/perft/chess.perft, chosen for the rules that perft from
# the standard positions reaches late or rarely. Their counts there are OpenSpiel's
# (`chess.py own --depth 4`), checked against python-chess's.
OWN = [
    ("en passant: two pawns may take at once; three double steps open it to black",
     "rnbqkbnr/p1p2p1p/4p3/2PpP3/1p4p1/8/PP1P1PPP/RNBQKBNR w KQkq d6 0 6"),
    ("en passant that would open the king's rank (illegal); g2-g4 opens a legal one",
     "8/2p3p1/8/K2pP2r/5P1p/8/1k4P1/2R5 w - d6 0 30"),
    ("promotions by capture on both sides; castling refused for attacked squares",
     "r3k2r/1P3pPp/8/8/8/8/pP4p1/RN2K2R w KQkq - 0 1"),
    ("castling: the king crossing an attacked square, the rook passing one",
     "r3k2r/p1pN1ppp/1qn2n2/3pp3/1b1PP1b1/2N5/PPPQ1PPP/R3K2R w KQkq - 0 9"),
    ("discovered and double checks, for both sides",
     "2q1k2r/bp1N2pp/p7/1B2N3/3n4/8/PPP3PP/4R1K1 w k - 0 25"),
]


def move_text(lan):
    """OpenSpiel's long algebraic `e7e8q` -> rulebook's `e7-e8=Q`."""
    text = f"{lan[0:2]}-{lan[2:4]}"
    if len(lan) == 5:
        text += "=" + lan[4].upper()
    return text


def moves_of(state):
    board = state.board()
    return {move_text(spiel_chess.action_to_move(a, board).to_lan()): a
            for a in state.legal_actions()}


def python_chess():
    """The python-chess module, whose name is this file's: look for it past this folder."""
    here = os.path.dirname(os.path.abspath(__file__))
    saved = sys.path[:]
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != here]
    sys.modules.pop("chess", None)
    try:
        import chess
    finally:
        sys.path[:] = saved
    return chess


def python_chess_perft(fen, depth):
    chess = python_chess()

    board = chess.Board(fen)

    def walk(d):
        if d == 0:
            return 1
        if board.is_checkmate() or board.is_stalemate():
            return 0
        moves = list(board.legal_moves)
        if d == 1:
            return len(moves)
        total = 0
        for m in moves:
            board.push(m)
            total += walk(d - 1)
            board.pop()
        return total

    return [walk(d) for d in range(1, depth + 1)]


def state_after(game, fen, moves):
    state = game.new_initial_state(fen)
    for m in moves.split():
        legal = moves_of(state)
        if m not in legal:
            sys.exit(f"{m} is not legal in {state}: legal are {' '.join(sorted(legal))}")
        state.apply_action(legal[m])
    return state


def fen_to_text(fen):
    """A FEN as rulebook's own position text for games/chess.game (rulebook reads FEN too;
    this translation is the cross-check of its reading, tests/fen.rs): the board field as it is; `white`/`black`; the castling rights as `unmoved=`
    (kings and rooks on their start squares without a right have moved: listed only when
    that differs from rulebook's usual reading, every king, rook and pawn on its start
    square unmoved: the kinds chess.game asks about); the en passant square as `last=FROM-TO`, the double step that passed it; the
    halfmove clock as `clock=N` (the count of `moves without`) when it is not 0."""
    fields = fen.split()
    board, side = fields[0], fields[1]
    rights = fields[2] if len(fields) > 2 else "-"
    ep = fields[3] if len(fields) > 3 else "-"
    squares = {}
    for r, row in enumerate(board.split("/")):
        f = 0
        for c in row:
            if c.isdigit():
                f += int(c)
            else:
                squares[f"{'abcdefgh'[f]}{8 - r}"] = c
                f += 1
    start = {}
    for r, row in enumerate(START.split()[0].split("/")):
        for f, c in enumerate(row.replace("8", "........")):
            if c != ".":
                start[f"{'abcdefgh'[f]}{8 - r}"] = c
    usual = {s for s, c in squares.items() if start.get(s) == c and c in "KRPkrp"}
    unmoved = set(usual)
    for king, rooks in (("e1", {"h1": "K", "a1": "Q"}), ("e8", {"h8": "k", "a8": "q"})):
        kept = {s for s, right in rooks.items() if right in rights}
        unmoved -= set(rooks) - kept
        if not kept:
            unmoved.discard(king)
    words = [board, "white" if side == "w" else "black"]
    if unmoved != usual:
        order = sorted(unmoved, key=lambda s: (int(s[1:]), s[0]))
        words.append("unmoved=" + (",".join(order) or "-"))
    if ep != "-":
        step = -1 if side == "w" else 1
        rank = int(ep[1])
        words.append(f"last={ep[0]}{rank - step}-{ep[0]}{rank + step}")
    halfmove = int(fields[4]) if len(fields) > 4 else 0
    if halfmove > 0:
        words.append(f"clock={halfmove}")
    return " ".join(words)


def cmd_published(game, a):
    bad = 0
    for name, fen, counts in PUBLISHED:
        mine = [perft(game.new_initial_state(fen), d) for d in range(1, a.depth + 1)]
        want = counts[: a.depth]
        same = mine == want
        bad += not same
        print(f"{'ok ' if same else 'DIFF'} {name}: {fen}")
        print(f"     published {want}  openspiel {mine}")
        if a.python_chess:
            print(f"     python-chess {python_chess_perft(fen, a.depth)}")
    print(f"{len(PUBLISHED) - bad} of {len(PUBLISHED)} positions agree to depth {a.depth}")
    return 1 if bad else 0


def cmd_perft(game, a):
    state = state_after(game, a.fen, a.moves or "")
    print(f"# {state}")
    for d in range(1, a.depth + 1):
        print(d, perft(state, d))
    if a.divide:
        for text, action in sorted(moves_of(state).items()):
            print(f"{text} {perft(state.child(action), a.depth - 1)}")
    return 0


def cmd_own(game, a):
    bad = 0
    for name, fen in OWN:
        state = game.new_initial_state(fen)
        counts = [perft(state, d) for d in range(1, a.depth + 1)]
        print(f"# {name}: {fen}")
        print(f"position {fen}")
        for d, n in enumerate(counts, 1):
            print(d, n)
        if a.python_chess:
            other = python_chess_perft(fen, a.depth)
            bad += other != counts
            print(f"# python-chess {other}: {'same' if other == counts else 'DIFFERENT'}")
        print()
    return 1 if bad else 0


def cmd_file(game, a):
    """Each case of a perft file (`position FEN` or `moves ...`, then `DEPTH COUNT` lines)."""
    cases, case = [], None
    for number, line in enumerate(open(a.path), 1):
        line = line.strip()
        if not line or line.startswith("game "):
            if case and case["counts"]:
                cases.append(case)
            case = None
        if not line or (line.startswith("#") and not line.startswith("# fen ")):
            continue
        case = case or {"line": number, "fen": START, "moves": "", "counts": []}
        key, _, rest = line.partition(" ")
        if line.startswith("# fen "):
            case["fen"] = line[len("# fen "):]
        elif key == "moves":
            case["moves"] = rest
        elif key.isdigit():
            case["counts"].append((int(key), int(rest)))
    if case and case["counts"]:
        cases.append(case)
    bad = 0
    for case in cases:
        state = state_after(game, case["fen"], case["moves"])
        want = [(d, c) for d, c in case["counts"] if d <= a.depth]
        got = [(d, perft(state, d)) for d, _ in want]
        bad += got != want
        print(f"{'ok ' if got == want else 'DIFF'} {a.path}:{case['line']}: "
              f"file {[c for _, c in want]}  openspiel {[c for _, c in got]}")
    print(f"{len(cases) - bad} of {len(cases)} cases agree to depth {a.depth}")
    return 1 if bad else 0


def cmd_random(game, a):
    rng = random.Random(a.seed)
    bad = 0
    for g in range(a.games):
        state = game.new_initial_state(START)
        plies = common.random_walk(state, rng, a)
        fen = str(state)
        # Counted again from the FEN alone, as rulebook reads it: the game's history (and
        # so the repetitions OpenSpiel would see in it) is not part of a FEN.
        state = game.new_initial_state(fen)
        spiel_moves = sorted(moves_of(state)) if not state.is_terminal() else []
        text = fen_to_text(fen)
        ours = sorted(common.rulebook_moves(a.rulebook, "chess", text))
        spiel = [perft(state, d) for d in range(1, a.depth + 1)]
        mine = common.rulebook_perft(a.rulebook, "chess", a.depth, text)
        dead = not any(c in fen.split()[0] for c in "PpQqRr")
        note = "  (no pawn, rook or queen: OpenSpiel may end it as dead, CH-15)" if dead else ""
        label = f"game {g}: {plies} plies: {fen}{note}"
        bad += not common.compare(label, spiel, mine, spiel_moves, ours)
    return common.summary(a.games, bad)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("published", help="the six standard positions against their counts")
    p.add_argument("--depth", type=int, default=3)
    p.add_argument("--python-chess", action="store_true")
    p = sub.add_parser("perft", help="perft counts from a FEN")
    p.add_argument("fen")
    p.add_argument("depth", type=int)
    p.add_argument("--moves", help='moves played first, rulebook notation: "e2-e4 e7-e5"')
    p.add_argument("--divide", action="store_true", help="each root move with its count")
    p = sub.add_parser("own", help="the mid-game positions of tests/perft/chess.perft")
    p.add_argument("--depth", type=int, default=4)
    p.add_argument("--python-chess", action="store_true")
    p = sub.add_parser("file", help="every case of a perft file, counted again")
    p.add_argument("path", nargs="?", default="tests/perft/chess.perft")
    p.add_argument("--depth", type=int, default=3)
    p = sub.add_parser("random", help="random games: OpenSpiel against rulebook")
    common.add_random_arguments(p, depth=3, min_plies=10, max_plies=80)
    a = ap.parse_args()
    game = pyspiel.load_game("chess")
    return {"published": cmd_published, "perft": cmd_perft, "own": cmd_own,
            "file": cmd_file, "random": cmd_random}[a.command](game, a)


if __name__ == "__main__":
    sys.exit(main())
