#!/usr/bin/env python3
"""Cross-checks rulebook's Lines of Action (games/lines-of-action.game) against OpenSpiel's
(`lines_of_action`, open_spiel 2.0.2).

A developer's tool, not part of the test suite (see README.md beside it). It prints, in the
format of tests/perft/*.perft, OpenSpiel's perft counts from the start and from positions
reached by seeded random moves; and, with --games, seeded random games played to their
end, one a line: the result (`black`, `white`, `draw`), the number of plies and the moves
in rulebook's notation (tests/openspiel/lines-of-action-games.txt).

    lines-of-action.py [--depth D] [--positions K] [--seed S]
    lines-of-action.py --games N [--seed S]

OpenSpiel's board is rulebook's, drawn the same way up with the same names (`a1` bottom
left); its player 0 (`x`) is rulebook's Black, who begins. Its action `c1xa3` (a capture)
is rulebook's `c1-a3`, a move `b1-b3` the same in both. A finished game has no moves.
OpenSpiel also ends a game as a draw at its 1000th ply (`max_game_length`), which
rulebook's rules do not; the random games here all end well before it.
"""

import argparse
import random

import pyspiel

from common import print_perft_case


def rulebook_move(action):
    """OpenSpiel's action string as rulebook's move text."""
    return action.replace("x", "-")


def perft_cases(args):
    rng = random.Random(args.seed)
    game = pyspiel.load_game("lines_of_action")
    heading = "# {}\ngame lines-of-action"
    print_perft_case(heading.format("From the start."), [], [], game.new_initial_state(),
                     args.depth)
    printed = 0
    while printed < args.positions:
        state, moves = game.new_initial_state(), []
        plies = rng.randint(10, 60)
        while len(moves) < plies and not state.is_terminal():
            a = rng.choice(state.legal_actions())
            moves.append(rulebook_move(state.action_to_string(a)))
            state.apply_action(a)
        if state.is_terminal():
            continue
        what = f"After {len(moves)} random plies (seed {args.seed})."
        print_perft_case(heading.format(what), [], moves, state, args.depth - 1)
        printed += 1


def result(state):
    returns = state.returns()
    if returns[0] > 0:
        return "black"
    if returns[1] > 0:
        return "white"
    return "draw"


def random_games(args):
    rng = random.Random(args.seed)
    game = pyspiel.load_game("lines_of_action")
    print(f"# tests/openspiel/lines-of-action.py --games {args.games} --seed {args.seed}")
    print("# result, plies, moves (rulebook's notation); OpenSpiel's lines_of_action")
    for _ in range(args.games):
        state, moves = game.new_initial_state(), []
        while not state.is_terminal():
            a = rng.choice(state.legal_actions())
            moves.append(rulebook_move(state.action_to_string(a)))
            state.apply_action(a)
        print(f"{result(state)} {len(moves)} {' '.join(moves)}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--depth", type=int, default=4)
    ap.add_argument("--positions", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int)
    args = ap.parse_args()
    if args.games is not None:
        random_games(args)
    else:
        perft_cases(args)


if __name__ == "__main__":
    main()
