#!/usr/bin/env python3
"""Perft counts and random-playout speed of an OpenSpiel game, for cross-checking rulebook.

This is a developer's tool, not part of the test suite: CI never runs it and never needs
OpenSpiel. It prints perft counts in the format of tests/perft/*.perft, so that counts
from an outside engine can be pasted into a `.perft` file.

    perft.py GAME DEPTH [--moves "m1 m2 ..."] [--engine-name NAME] [--params k=v,...]
    perft.py GAME --bench SECONDS
    perft.py GAME --text [--moves "m1 m2 ..."]
    perft.py GAME --random-games N [--seed S] [--max-plies P]
    perft.py einstein_wurfelt_nicht --placements N [--seed S]
    perft.py einstein_wurfelt_nicht DEPTH --placement B,W [--text] [--moves "..."]

GAME is OpenSpiel's short name (`othello`, `mancala`, `oware`, ...). Moves are given in
rulebook's move notation and translated to OpenSpiel's actions (see ENGINE_TO_SPIEL):

- othello: a site name (`d3`) or `pass`. rulebook numbers ranks from the bottom (a1 is the
  bottom-left point), OpenSpiel numbers rows from the top, so the rank is flipped:
  rulebook `d3` is OpenSpiel `d6`.
- mancala (Kalah) and oware: a pit number counted from the mover's left, 1 to 6, as in
  rulebook's mancala boards (docs/language/board.md, "Mancala boards"). Checked against
  OpenSpiel's sources and against tests/common/kalah_reference.rs and
  oware_reference.rs (tests/openspiel/*-games.txt): OpenSpiel's `mancala` keeps 14 slots
  (0 player 1's store, 1..6 player 0's pits from its left, 7 player 0's store, 8..13
  player 1's pits from its left), so South's pit k is action k and North's pit k action
  k + 7; OpenSpiel's `oware` numbers each player's houses 0..5 from that player's left
  (actions `A`..`F` for player 0, `a`..`f` for player 1, sown A..F then a..f), so pit k
  is action k - 1 for either player. OpenSpiel's player 0 is rulebook's South (first).
- checkers: rulebook's draughts move (`c3-d4`, `c3-e5-c7`, docs/games/draughts.md), the
  square left and every landing. OpenSpiel plays a chain of jumps as one action per jump,
  the same player moving again while the piece can go on (`checkers.cc`, DoApplyAction), so
  `c3-e5-c7` is the actions `c3e5` then `e5c7`; its squares are named as rulebook names
  them (rank 1 at the bottom, where its first player starts). Perft, --text and
  --random-games count a whole turn (every jump of a chain) as one move, as rulebook does.
  OpenSpiel's first player (its `White`, `o`) starts on ranks 1-3 and moves first: it is
  rulebook's Black (`M`/`K`); its second (`+`) is rulebook's White (`m`/`k`).
- einstein_wurfelt_nicht (rulebook's `einstein-wurfelt-nicht`): a throw `roll:N` (N the
  die, 1..6; OpenSpiel's chance action N - 1, `roll N`) or a step `FROM-TO` (`e3-e4`).
  OpenSpiel draws from the terminal's rows 0..4 (row 0 on top) and columns 0..4: row r,
  column c is rulebook's file `abcde`[c], rank 5 - r. Its first player (0, Black, `b1`..
  `b6`) starts in the top-left corner (row 0, column 0 = a5) and steps down, right or
  down-right; its second (1, White, `w1`..`w6`) starts in the bottom-right corner (e1),
  steps up, left or up-left, and moves first: rulebook's White and Black, the first player
  listed moving first. An action string is the cube and the direction (`W1-up`, `B5-diag`,
  `*` where it lands on a cube, either colour's); the script finds the cube on the board.
  The start is two chance events, Black's placement then White's (720 orders of the six
  cubes over the corner triangle each); rulebook's start is OpenSpiel's placement 0 for
  both (the cubes in order: b1 b2 b3 / b4 b5 / b6 from a5, w1 / w2 w3 / w4 w5 w6 to e1),
  which the script plays before --moves; --placements plays random ones instead and prints
  the position as rulebook's text (below).
- any other game: OpenSpiel's own action strings.

--text: prints the position after --moves in rulebook's position text
(docs/language/positions.md, "Positions as text"; mancala, oware and checkers). At the end
of a Kalah game the stones left are moved to their row owner's store, as rulebook's
`remaining to owners` does (OpenSpiel only counts them), and the player to move is the one
after the last mover.

--random-games N: plays N random games (Python's `random` seeded with --seed, a uniform
choice among OpenSpiel's legal actions) and prints, for every ply, the move in rulebook's
notation, the position text after it, the sorted legal moves and the outcome; used to
check the independent references move by move (tests/openspiel/*-games.txt).

Perft: the number of leaves of the game tree at each depth 1..DEPTH, counting every
action OpenSpiel lists as legal (a pass included); a terminal state has no actions.

--bench SECONDS: plays uniform random games from the start with pyspiel's C++
`evaluate_bots` (two `make_uniform_random_bot` bots) for about SECONDS and prints
games, plies, and plies per second (evaluate_bots plays the game on the state passed in,
so the game's length is read from the state's history afterwards).
"""

import argparse
import re
import sys
import time

import pyspiel


def othello_move(state, text):
    if text == "pass":
        return "pass"
    file, rank = text[0], int(text[1:])
    return f"{file}{9 - rank}"


def mancala_move(state, text):
    pit = int(text)
    return str(pit if state.current_player() == 0 else pit + 7)


def oware_move(state, text):
    pit = int(text)
    letter = "ABCDEF"[pit - 1]
    return letter if state.current_player() == 0 else letter.lower()


EWN = "einstein_wurfelt_nicht"


def ewn_cells(state):
    """OpenSpiel's board as {(row, column): "w1"}, read from its text."""
    cells = {}
    for r, line in enumerate(str(state).splitlines()[:5]):
        for c, cell in enumerate(line.replace("|", " ").split()):
            if cell != "__":
                cells[(r, c)] = cell
    return cells


def ewn_site(r, c):
    return f"{'abcde'[c]}{5 - r}"


EWN_STEPS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def ewn_spiel_to_move(state, action):
    """OpenSpiel action -> rulebook move text (`roll:3`, `e3-e4`)."""
    text = state.action_to_string(state.current_player(), action)
    if state.is_chance_node():
        return "roll:" + text.split()[-1]
    cube, way = text.rstrip("*").split("-")
    (r, c), = [at for at, cell in ewn_cells(state).items() if cell == cube.lower()]
    white = cube[0] == "W"
    dr, dc = EWN_STEPS[way] if way != "diag" else ((-1, -1) if white else (1, 1))
    return f"{ewn_site(r, c)}-{ewn_site(r + dr, c + dc)}"


def ewn_move(state, text):
    """rulebook move text -> OpenSpiel action string."""
    for action in state.legal_actions():
        if ewn_spiel_to_move(state, action) == text:
            return state.action_to_string(state.current_player(), action)
    return text


def ewn_position(state):
    """The position in rulebook's text: ranks 5 to 1, White's cubes `A`..`F`, Black's
    `a`..`f`, and the player to move (before the throw)."""
    cells = ewn_cells(state)
    ranks = []
    for r in range(5):
        row = ""
        for c in range(5):
            cell = cells.get((r, c))
            letter = "." if cell is None else "ABCDEF"[int(cell[1]) - 1]
            row += letter if cell is None or cell[0] == "w" else letter.lower()
        ranks.append(re.sub(r"\.+", lambda m: str(len(m.group(0))), row))
    return "/".join(ranks)


def ewn_start(state, rng=None, placement=(0, 0)):
    """Plays the two chance events of the placements: `placement` (Black's, White's; 0 and
    0 are rulebook's start), or random ones with `rng`."""
    for p in placement:
        state.apply_action(rng.randrange(720) if rng else p)


def ewn_random_games(game, count, seed):
    """Random games from random placements: `game N`, `position TEXT`, then a line per
    ply: MOVE ; LEGAL MOVES AFTER IT (sorted; the throws after a move) ; OUTCOME."""
    import random

    rng = random.Random(seed)
    print(f"# OpenSpiel {EWN} (pyspiel {getattr(pyspiel, '__version__', '?')}), "
          f"tests/openspiel/perft.py {EWN} --placements {count} --seed {seed}")
    print("# game N, then `position` (rulebook's text, White to throw), then per ply:")
    print("# MOVE ; LEGAL MOVES AFTER IT (sorted) ; OUTCOME")
    for g in range(count):
        state = game.new_initial_state()
        ewn_start(state, rng)
        print(f"game {g + 1}")
        print(f"position {ewn_position(state)} white")
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes())
                action = rng.choices(outcomes, weights)[0]
            else:
                action = rng.choice(state.legal_actions())
            move = ewn_spiel_to_move(state, action)
            state.apply_action(action)
            legal = sorted(ewn_spiel_to_move(state, a) for a in state.legal_actions())
            print(f"{move} ; {' '.join(legal)} ; {outcome_text(state, ('black', 'white'))}")


# rulebook move text -> OpenSpiel action string, per OpenSpiel game name.
ENGINE_TO_SPIEL = {
    "othello": othello_move,
    "mancala": mancala_move,
    "oware": oware_move,
    EWN: ewn_move,
}


def checkers_turns(state):
    """Every whole turn of OpenSpiel's checkers from `state`: (rulebook move text, state
    after it). A capture after which the same player is to move goes on (a chain)."""
    mover = state.current_player()
    out = []

    def go(st, text):
        for action in st.legal_actions():
            step = st.action_to_string(mover, action)
            child = st.child(action)
            t = step[:2] + "-" + step[2:] if not text else text + "-" + step[2:]
            if not child.is_terminal() and child.current_player() == mover:
                go(child, t)
            else:
                out.append((t, child))

    go(state, "")
    return out


def checkers_play(state, text):
    squares = text.split("-")
    for a, b in zip(squares, squares[1:]):
        state.apply_action(to_action("checkers-step", state, a + b))


def to_action(game_name, state, text):
    convert = ENGINE_TO_SPIEL.get(game_name, lambda _s, t: t)
    wanted = convert(state, text)
    for action in state.legal_actions():
        if state.action_to_string(state.current_player(), action) == wanted:
            return action
    legal = [state.action_to_string(state.current_player(), a) for a in state.legal_actions()]
    sys.exit(f"error: move {text!r} (OpenSpiel {wanted!r}) is not legal; OpenSpiel's legal actions: {legal}")


def checkers_position(state, to_move):
    """The position in rulebook's notation: ranks from the top, `M`/`K` OpenSpiel's first
    player's man and king (`o`, `8`), `m`/`k` its second's (`+`, `*`)."""
    letters = {".": ".", "o": "M", "8": "K", "+": "m", "*": "k"}
    ranks = []
    for line in str(state).splitlines()[:8]:
        row = "".join(letters[c] for c in line[1:9])
        ranks.append(re.sub(r"\.+", lambda m: str(len(m.group(0))), row))
    return "/".join(ranks) + " " + ["black", "white"][to_move]


def spiel_to_move(game_name, state, action):
    """OpenSpiel action -> rulebook move text (mancala and oware)."""
    if game_name == "mancala":
        return str(action if action < 7 else action - 7)
    if game_name == "oware":
        return str(action + 1)
    return state.action_to_string(state.current_player(), action)


def position_text(game_name, state, last_mover):
    """The position in rulebook's notation (mancala and oware)."""
    players = ["south", "north"]
    if game_name == "mancala":
        board = [int(v) for v in state.observation_tensor(0)[:14]]
        rows = [board[1:7], board[8:14]]
        stores = [board[7], board[0]]
        if state.is_terminal():
            # rulebook's `remaining to owners` moves the stones; OpenSpiel only counts them.
            stores = [stores[p] + sum(rows[p]) for p in range(2)]
            rows = [[0] * 6, [0] * 6]
        to_move = 1 - last_mover if state.is_terminal() else state.current_player()
    elif game_name == "oware":
        player, scores, seeds = state.observation_string(0).split(" | ")
        seeds = [int(v) for v in seeds.split()]
        n = len(seeds) // 2
        rows = [seeds[:n], seeds[n:]]
        stores = [int(v) for v in scores.split()]
        to_move = int(player)
    else:
        sys.exit(f"error: no position text for {game_name}")
    text = "/".join(",".join(map(str, rows[p])) + f"|{stores[p]}" for p in range(2))
    return f"{text} {players[to_move]}"


def outcome_text(state, players=("south", "north")):
    if not state.is_terminal():
        return "none"
    r = state.returns()
    return "draw" if r[0] == r[1] else (f"{players[0]} wins" if r[0] > r[1] else f"{players[1]} wins")


def checkers_random_games(game, count, seed, max_plies):
    """As random_games, a whole turn per line; the choice is uniform among whole turns.
    OpenSpiel's draw (40 actions without a capture) shows as `draw`."""
    import random

    rng = random.Random(seed)
    print(f"# OpenSpiel checkers (pyspiel {getattr(pyspiel, '__version__', '?')}), "
          f"tests/openspiel/perft.py --random-games {count} --seed {seed} --max-plies {max_plies}")
    print("# per move: MOVE ; POSITION TEXT ; LEGAL MOVES (sorted) ; OUTCOME")
    for g in range(count):
        state = game.new_initial_state()
        print(f"game {g + 1}")
        plies = 0
        while not state.is_terminal() and plies < max_plies:
            mover = state.current_player()
            text, state = rng.choice(checkers_turns(state))
            plies += 1
            to_move = 1 - mover
            legal = sorted(t for t, _ in checkers_turns(state)) if not state.is_terminal() else []
            print(f"{text} ; {checkers_position(state, to_move)} ; "
                  f"{' '.join(legal)} ; {outcome_text(state, ('black', 'white'))}")


def random_games(game_name, game, count, seed, max_plies):
    import random

    rng = random.Random(seed)
    print(f"# OpenSpiel {game_name} (pyspiel {getattr(pyspiel, '__version__', '?')}), "
          f"tests/openspiel/perft.py --random-games {count} --seed {seed} --max-plies {max_plies}")
    print("# per ply: MOVE ; POSITION TEXT ; LEGAL MOVES (sorted) ; OUTCOME")
    for g in range(count):
        state = game.new_initial_state()
        print(f"game {g + 1}")
        plies = 0
        while not state.is_terminal() and plies < max_plies:
            mover = state.current_player()
            action = rng.choice(state.legal_actions())
            move = spiel_to_move(game_name, state, action)
            state.apply_action(action)
            plies += 1
            legal = sorted(spiel_to_move(game_name, state, a) for a in state.legal_actions())
            print(f"{move} ; {position_text(game_name, state, mover)} ; "
                  f"{' '.join(legal)} ; {outcome_text(state)}")


def checkers_perft(state, depth, counts, level=0):
    turns = checkers_turns(state) if not state.is_terminal() else []
    counts[level] += len(turns)
    if level + 1 == depth:
        return
    for _, child in turns:
        checkers_perft(child, depth, counts, level + 1)


def perft(state, depth, counts, level=0):
    actions = state.legal_actions()
    counts[level] += len(actions)
    if level + 1 == depth:
        return
    for action in actions:
        child = state.child(action)
        perft(child, depth, counts, level + 1)


def param_value(text):
    """A game parameter as OpenSpiel wants it: a whole number, `true`/`false`, or text."""
    if text.lstrip("-").isdigit():
        return int(text)
    return {"true": True, "false": False}.get(text, text)


def bench(game, seconds):
    bots = [pyspiel.make_uniform_random_bot(p, 1000 + p) for p in range(game.num_players())]
    games = plies = 0
    start = time.perf_counter()
    seed = 1
    while True:
        state = game.new_initial_state()
        pyspiel.evaluate_bots(state, bots, seed)
        seed += 1
        games += 1
        plies += len(state.history())
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    print(f"# {game.get_type().short_name}: {games} games, {plies} plies in {elapsed:.2f} s")
    print(f"# {games / elapsed:.0f} games/s, {plies / elapsed:.0f} plies/s, "
          f"{plies / games:.1f} plies per game")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game", help="OpenSpiel's short name of the game")
    ap.add_argument("depth", type=int, nargs="?", default=0)
    ap.add_argument("--moves", default="", help="moves in rulebook notation, played first")
    ap.add_argument("--engine-name", help="the game's name in the .perft file (default: GAME)")
    ap.add_argument("--params", default="", help="OpenSpiel game parameters, k=v,k=v")
    ap.add_argument("--bench", type=float, metavar="SECONDS")
    ap.add_argument("--text", action="store_true", help="print the position text after --moves")
    ap.add_argument("--random-games", type=int, metavar="N")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=1000)
    ap.add_argument("--placement", default="0,0", metavar="B,W",
                    help=f"{EWN}: the placements (0..719) of Black's and White's cubes")
    ap.add_argument("--placements", type=int, metavar="N",
                    help=f"{EWN}: N random games from random placements")
    args = ap.parse_args()

    params = {}
    for kv in filter(None, args.params.split(",")):
        key, value = kv.split("=", 1)
        params[key] = param_value(value)
    game = pyspiel.load_game(args.game, params)

    if args.bench is not None:
        bench(game, args.bench)
        return
    if args.placements is not None:
        ewn_random_games(game, args.placements, args.seed)
        return
    if args.random_games is not None and args.game == "checkers":
        checkers_random_games(game, args.random_games, args.seed, args.max_plies)
        return
    if args.random_games is not None:
        random_games(args.game, game, args.random_games, args.seed, args.max_plies)
        return
    if args.depth < 1 and not args.text:
        sys.exit("error: give a depth of 1 or more (or --bench SECONDS, --text, --random-games N)")

    state = game.new_initial_state()
    if args.game == EWN:
        ewn_start(state, placement=[int(p) for p in args.placement.split(",")])
    moves = args.moves.split()
    mover = 0
    for text in moves:
        if state.is_terminal():
            sys.exit(f"error: move {text!r}: the game is over")
        mover = state.current_player()
        if args.game == "checkers":
            checkers_play(state, text)
        else:
            state.apply_action(to_action(args.game, state, text))
    if args.text:
        if args.game == "checkers":
            print(checkers_position(state, 1 - mover if moves else 0))
        elif args.game == EWN:
            print(ewn_position(state))
        else:
            print(position_text(args.game, state, mover))
        if args.depth < 1:
            return

    counts = [0] * args.depth
    started = time.perf_counter()
    if args.game == "checkers":
        checkers_perft(state, args.depth, counts)
    else:
        perft(state, args.depth, counts)
    elapsed = time.perf_counter() - started
    print(f"# OpenSpiel {args.game} (pyspiel {getattr(pyspiel, '__version__', '?')}), "
          f"tests/openspiel/perft.py, {elapsed:.1f} s")
    print(f"game {args.engine_name or args.game}")
    print("moves" + ("" if not moves else " " + " ".join(moves)))
    for depth, count in enumerate(counts, 1):
        print(f"{depth} {count}")


if __name__ == "__main__":
    main()
