#!/usr/bin/env python3
"""Cross-checks rulebook's Quoridor (games/quoridor.game) against OpenSpiel's (`quoridor`,
open_spiel 2.0.2, two players).

A developer's tool, not part of the test suite (see README.md beside it). It prints, in the
format of tests/perft/*.perft, OpenSpiel's perft counts from the start of boards of several
sizes and from mid-game positions reached by seeded random moves (--positions of them, and
--adjacent more, each played until the pawns stand side by side, so that jumps and their
turns aside are counted); and, with --games, seeded
random games played to their end (tests/openspiel/quoridor-games.txt): for every ply the
legal moves OpenSpiel lists, then the move played, and at the end the result.

    quoridor.py [--sizes 5,9] [--depths 4,2] [--positions K] [--adjacent K] [--seed S]
    quoridor.py --games N [--sizes 5,9] [--seed S]

OpenSpiel's parameters: `board_size` (rulebook's `size`), `wall_count` (rulebook's
`walls`; OpenSpiel's default is board_size * board_size / 8, rulebook's for 9 x 9 the
same 10, and the script always gives it), `players` 2. OpenSpiel numbers rows from the
top (row 1 the top line), rulebook ranks from the bottom: OpenSpiel's pawn move `c4` (the
cell the pawn goes to) is rulebook's `FROM-c2` on 5 x 5 (rank = size + 1 - row), FROM the
cell the mover's pawn stands on; a wall `a1h` or `a1v` is named by OpenSpiel by the top-left
cell it touches and by rulebook by the bottom-left one, a rank lower: `a4h`, `a4v` on
5 x 5 (rank = size - row). OpenSpiel's first player (`0`) starts on its bottom row and is
rulebook's White, starting on rank 1.
"""

import argparse
import random

import pyspiel

from common import perft_counts


def load(size, walls):
    return pyspiel.load_game(
        "quoridor", {"board_size": size, "wall_count": walls, "players": 2})


def default_walls(size):
    return size * size // 8


class Translator:
    """OpenSpiel's action strings to rulebook's move texts, following the pawns."""

    def __init__(self, size):
        self.size = size
        middle = "abcdefghijklmnopqrstuvwxyz"[size // 2]
        self.pawns = [f"{middle}1", f"{middle}{size}"]

    def text(self, player, action_string):
        col, rest = action_string[0], action_string[1:]
        if rest[-1] in "hv":
            return f"{col}{self.size - int(rest[:-1])}{rest[-1]}"
        to = f"{col}{self.size + 1 - int(rest)}"
        return f"{self.pawns[player]}-{to}"

    def play(self, player, text):
        if "-" in text:
            self.pawns[player] = text.split("-")[1]


def settings(size, walls):
    out = [f"size={size}"] if size != 9 else []
    return out + ([f"walls={walls}"] if walls != 10 else [])


def perft_cases(args):
    rng = random.Random(args.seed)
    for size, depth in zip(args.sizes, args.depths):
        walls = default_walls(size)
        game = load(size, walls)

        def case(what, moves, state):
            print(f"# {what}\ngame quoridor")
            for s in settings(size, walls):
                print(f"set {s}")
            print("moves " + " ".join(moves) if moves else "moves")
            for d, n in enumerate(perft_counts(state, depth), 1):
                print(f"{d} {n}")
            print()

        case(f"{size} x {size} from the start.", [], game.new_initial_state())
        for _ in range(args.positions):
            plies = rng.randint(4, 4 * size)
            state, moves, _ = random_plies(game, size, rng, lambda moves, _: len(moves) >= plies)
            if state.is_terminal():
                continue
            case(f"{size} x {size} after {len(moves)} random plies (seed {args.seed}).",
                 moves, state)
        found = 0
        while found < args.adjacent:
            state, moves, _ = random_plies(game, size, rng, lambda _, tr: adjacent(tr.pawns))
            if state.is_terminal():
                continue
            found += 1
            case(f"{size} x {size} after {len(moves)} random plies, the pawns side by side "
                 f"(seed {args.seed}).", moves, state)


def random_plies(game, size, rng, done):
    """Random plies from the start until `done(moves, translator)` or the game's end: the
    state, the moves as rulebook names them, and the translator that named them."""
    state, moves, tr = game.new_initial_state(), [], Translator(size)
    while not state.is_terminal() and not done(moves, tr):
        player = state.current_player()
        a = rng.choice(state.legal_actions())
        text = tr.text(player, state.action_to_string(player, a))
        tr.play(player, text)
        moves.append(text)
        state.apply_action(a)
    return state, moves, tr


def adjacent(pawns):
    """Whether the two pawns (rulebook's cell names) stand side by side."""
    (fa, ra), (fb, rb) = ((ord(p[0]), int(p[1:])) for p in pawns)
    return abs(fa - fb) + abs(ra - rb) == 1


def result(state):
    returns = state.returns()
    if returns[0] > 0:
        return "white"
    if returns[1] > 0:
        return "black"
    return "draw"


def random_games(args):
    rng = random.Random(args.seed)
    print(f"# tests/openspiel/quoridor.py --games {args.games} --sizes "
          f"{','.join(map(str, args.sizes))} --seed {args.seed}")
    print("# `game SIZE WALLS`, then a line a ply: OpenSpiel's legal moves in rulebook's")
    print("# text, sorted, `:` and the move played; `end RESULT` (white, black, draw).")
    for size in args.sizes:
        walls = default_walls(size)
        game = load(size, walls)
        for _ in range(args.games):
            state, tr = game.new_initial_state(), Translator(size)
            print(f"game {size} {walls}")
            while not state.is_terminal():
                player = state.current_player()
                actions = state.legal_actions()
                legal = sorted(tr.text(player, state.action_to_string(player, a))
                               for a in actions)
                a = rng.choice(actions)
                text = tr.text(player, state.action_to_string(player, a))
                print(" ".join(legal) + " : " + text)
                tr.play(player, text)
                state.apply_action(a)
            print(f"end {result(state)}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="5,9")
    ap.add_argument("--depths", default="4,2")
    ap.add_argument("--positions", type=int, default=3)
    ap.add_argument("--adjacent", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int)
    args = ap.parse_args()
    args.sizes = [int(s) for s in args.sizes.split(",")]
    args.depths = [int(s) for s in args.depths.split(",")]
    if args.games is not None:
        random_games(args)
    else:
        perft_cases(args)


if __name__ == "__main__":
    main()
