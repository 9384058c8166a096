#!/usr/bin/env python3
"""Cross-checks rulebook's Game of Y (games/y.game) against OpenSpiel's (`y`, open_spiel
2.0.2).

A developer's tool, not part of the test suite (see README.md beside it). It prints, in the
format of tests/perft/*.perft, OpenSpiel's perft counts from the start of boards of several
sizes and from mid-game positions reached by seeded random moves; and, with --games, seeded
random games played to their end, one a line: the board size, the winner (`white` or
`black`) and the moves in rulebook's names (the lines of tests/openspiel/y-games.txt).

    y.py [--sizes 1,2,3,5,9,19] [--leaves N] [--positions K] [--seed S]
    y.py --games N [--sizes 5,7,9,11] [--seed S]

Names. OpenSpiel's board of size N holds the cells (x, y), x and y from 0, with
x + y < N; its action is x + y * N and its name the letter of x and the number y + 1
(`a1`, `c2`), row 1 drawn at the top of its picture. Each cell touches (x +- 1, y),
(x, y +- 1), (x + 1, y - 1) and (x - 1, y + 1). rulebook's `board triangle N of hexagons`
is the same cell as file x, rank y + 1 (rank 1 drawn at the bottom), linked east and west
along the rank, north-east and south-west along the file, north-west (file - 1, rank + 1)
and south-east (file + 1, rank - 1): the same six neighbours, so the names are the same
in both programs and only the pictures are upside down. The script checks it: every
action's name in OpenSpiel (`action_to_string`) must be the name made here, and after every
move of every game OpenSpiel's game must be over exactly when the mover's last stone's
group, found here along the six links above, touches the three sides (y = 0, x = 0 and
x + y = N - 1), or the script stops with an error.

Perft counts every action OpenSpiel lists; a finished game has none.
"""

import argparse
import random
import sys

import pyspiel

from common import depth_within, print_perft_case

NEIGHBOURS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)]


class Board:
    """A board of size `size` in OpenSpiel's coordinates."""

    def __init__(self, size):
        self.size = size
        self.cells = [(x, y) for y in range(size) for x in range(size) if x + y < size]
        self.on = set(self.cells)

    def name(self, action):
        x, y = action % self.size, action // self.size
        return f"{chr(ord('a') + x)}{y + 1}"

    def around(self, c):
        return [(c[0] + dx, c[1] + dy) for dx, dy in NEIGHBOURS
                if (c[0] + dx, c[1] + dy) in self.on]

    def wins(self, stones, last):
        """Whether the group of `last` in `stones` touches the three sides."""
        seen, todo = {last}, [last]
        while todo:
            for n in self.around(todo.pop()):
                if n in stones and n not in seen:
                    seen.add(n)
                    todo.append(n)
        return (any(y == 0 for _, y in seen) and any(x == 0 for x, _ in seen)
                and any(x + y == self.size - 1 for x, y in seen))


def check_names(game, board, state):
    for a in state.legal_actions():
        if state.action_to_string(a) != board.name(a):
            sys.exit(f"size {board.size}: action {a} is {state.action_to_string(a)}, "
                     f"not {board.name(a)}")


def print_case(size, moves, state, leaves, what):
    settings = [f"size={size}"] if size != 19 else []
    print_perft_case(f"# {what}\ngame y", settings, moves, state,
                     depth_within(state, leaves))


def perft_cases(args):
    rng = random.Random(args.seed)
    for size in args.sizes:
        game = pyspiel.load_game("y", {"board_size": size})
        board = Board(size)
        state = game.new_initial_state()
        check_names(game, board, state)
        print_case(size, [], state, args.leaves, f"Size {size} from the start.")
        for _ in range(args.positions if size > 2 else 0):
            state, moves = game.new_initial_state(), []
            plies = rng.randint(max(1, len(board.cells) // 3), len(board.cells) * 2 // 3)
            while len(moves) < plies and not state.is_terminal():
                a = rng.choice(state.legal_actions())
                moves.append(board.name(a))
                state.apply_action(a)
            if state.is_terminal():
                continue
            print_case(size, moves, state, args.leaves,
                       f"Size {size} after {len(moves)} random plies (seed {args.seed}).")


def random_games(args):
    rng = random.Random(args.seed)
    tally = {}
    print(f"# tests/openspiel/y.py --games {args.games} --sizes "
          f"{','.join(map(str, args.sizes))} --seed {args.seed}")
    print("# size, winner, moves; OpenSpiel's y")
    for size in args.sizes:
        game = pyspiel.load_game("y", {"board_size": size})
        board = Board(size)
        for _ in range(args.games):
            state, moves = game.new_initial_state(), []
            stones = [set(), set()]
            check_names(game, board, state)
            while not state.is_terminal():
                mover = state.current_player()
                a = rng.choice(state.legal_actions())
                if state.action_to_string(a) != board.name(a):
                    sys.exit(f"action {a} is {state.action_to_string(a)}")
                moves.append(board.name(a))
                state.apply_action(a)
                cell = (a % size, a // size)
                stones[mover].add(cell)
                won = state.is_terminal() and state.returns()[mover] > 0
                if board.wins(stones[mover], cell) != won or state.is_terminal() != won:
                    sys.exit(f"OpenSpiel and the three sides disagree after {moves}")
            result = "white" if state.returns()[0] > 0 else "black"
            tally[result] = tally.get(result, 0) + 1
            print(f"{size} {result} {' '.join(moves)}")
    print(f"# {', '.join(f'{k} {v}' for k, v in sorted(tally.items()))}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default=None)
    ap.add_argument("--leaves", type=int, default=1_000_000)
    ap.add_argument("--positions", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int)
    args = ap.parse_args()
    default = "5,7,9,11" if args.games is not None else "1,2,3,5,9,19"
    args.sizes = [int(s) for s in (args.sizes or default).split(",")]
    if args.games is not None:
        random_games(args)
    else:
        perft_cases(args)


if __name__ == "__main__":
    main()
