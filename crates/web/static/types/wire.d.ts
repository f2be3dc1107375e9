// The wire's types: what the server sends and receives as JSON. Generated from the Rust types by
// the web crate's test `wire_ts` (`CAVALO_WRITE_TYPES=1 cargo test -p cavalo-web --lib wire_ts`
// writes it): do not edit.

/**
 * The whole game, as a page loads it.
 */
export type GameState = { id: string, 
/**
 * Grows with every change: answers and events older than what a page shows are dropped.
 */
version: number, date: string, 
/**
 * `human-computer`, `computer-computer`, `human-human`.
 */
mode: string, rules: Rules, 
/**
 * The values that are doubles under the rules.
 */
doubles: Array<number>, 
/**
 * The start as the game was created (`seed:N`, a position).
 */
start: string, time_ms: number, players: [PlayerView, PlayerView], 
/**
 * The cells of the first position (100, row by row); each ply says the cells it changed.
 */
cells: Array<number | null>, plies: Array<PlyView>, 
/**
 * The current position as a position string and as a course Lisp board.
 */
position: string, lisp: string, 
/**
 * What happened since the last move a human chose (or since the ply `?since=` names).
 */
announcements: Array<Said>, 
/**
 * The live search, if any.
 */
thinking: LiveView | null, seats: Array<SeatOut>, 
/**
 * Why the game cannot go on (the computer's move could not be stored), if so.
 */
problem: Words | null, 
/**
 * `playing`, `over`, `quit`.
 */
status: "playing" | "over" | "quit", 
/**
 * Whose turn it is.
 */
turn: TurnView, 
/**
 * The side to move in the position (also once the game is over).
 */
to_move: Side, 
/**
 * White's and Black's points.
 */
points: [number, number], 
/**
 * The legal destinations, when a human is to move.
 */
destinations: Array<Destination>, 
/**
 * The cells the other knight attacks, when a human is to move.
 */
threatened: Array<number>, 
/**
 * Whose seat may take a move back (the side of the last move a human chose); `null` when
 * nothing can be taken back (nothing chosen, a computer-vs-computer game, a game quit).
 */
undo_side: Side | null, 
/**
 * Whether the player to move may ask for a hint (a human is to move).
 */
can_hint: boolean, 
/**
 * The position's outcome (`white`, `black`, `draw`), once over.
 */
result: "white" | "black" | "draw" | null, 
/**
 * The result as a message, once over or abandoned.
 */
result_text: Words | null, 
/**
 * The time each side spent, White's and Black's, in milliseconds.
 */
clock: [number, number], 
/**
 * Both sides' totals, once the game is over or abandoned.
 */
summary?: [SideSummary, SideSummary], };

/**
 * A ply with what the board needs: the cell the knight left, the cell it reached, and every cell
 * it changed.
 */
export type PlyView = { 
/**
 * The index of the cell the knight left (none for a placement or a pass).
 */
from: number | null, 
/**
 * The index of the cell it reached (none for a pass).
 */
to: number | null, 
/**
 * `[index, cell]` of every cell that changed.
 */
changes: Array<[number, number | null]>, 
/**
 * 1-based number of the ply in the game (placements and passes count).
 */
number: number, 
/**
 * The side that played.
 */
side: Side, 
/**
 * The move (`E3`, `G7x88`, `pass`).
 */
move: string, 
/**
 * Whether a human or a computer played it.
 */
by: Actor, 
/**
 * A placement or a pass: the only legal move, played without asking.
 */
forced: boolean, 
/**
 * Points scored by this ply.
 */
gained: number, 
/**
 * White's and Black's points after it.
 */
points: [number, number], 
/**
 * Time spent choosing it, in milliseconds.
 */
time_ms: number, 
/**
 * The computer's search statistics (nodes, cuts, depth, value, principal variation).
 */
search?: SearchInfo | null, };

/**
 * A seat as anyone may see it (no secret).
 */
export type SeatOut = { side: Side, invited: boolean, claimed: boolean, };

/**
 * The live search: whose, for what, waiting or running, and its statistics so far.
 */
export type LiveView = { side: Side, player: string, 
/**
 * A hint's search (left out: a move's).
 */
hint?: boolean, 
/**
 * Waiting for a free engine (left out: searching).
 */
queued?: boolean, info: SearchInfo | null, };

/**
 * An event of a game's stream (`GET /api/games/{id}/events`): its SSE name says which (see
 * [`WireEvent::name`]), its data is the variant's fields.
 */
export type WireEvent = GameState | PlyEvent | UndoneEvent | StatusEvent | SeatsEvent | ProblemEvent | LiveView | null;

/**
 * A ply was played: the ply with the cells it changed, what it made happen, the game after it.
 */
export type PlyEvent = { 
/**
 * The game's version after it.
 */
version: number, 
/**
 * The ply, with the cells it changed.
 */
ply: PlyView, 
/**
 * What it made happen (the game's end last).
 */
announcements: Array<Said>, 
/**
 * The game after it.
 */
now: Situation, };

/**
 * The last `count` plies were taken back.
 */
export type UndoneEvent = { 
/**
 * The game's version after it.
 */
version: number, 
/**
 * The plies taken back.
 */
count: number, 
/**
 * The game after it.
 */
now: Situation, };

/**
 * The game changed without a ply (abandoned).
 */
export type StatusEvent = { 
/**
 * The game's version after it.
 */
version: number, 
/**
 * What happened.
 */
announcements: Array<Said>, 
/**
 * The game after it.
 */
now: Situation, };

/**
 * The seats changed (an invitation, a claim).
 */
export type SeatsEvent = { 
/**
 * The game's version after it.
 */
version: number, 
/**
 * The seats as anyone may see them.
 */
seats: Array<SeatOut>, };

/**
 * The computer's move could not be stored (or now could): why, or `null`.
 */
export type ProblemEvent = { 
/**
 * The game's version after it.
 */
version: number, 
/**
 * Why the game cannot go on, or `null` once it can.
 */
problem: Words | null, };

/**
 * The answer to a change a seat made (a move, an undo, a resignation): the events it told the
 * watchers, each as they got it (the mover gets the same delta, not the whole game).
 */
export type Changes = { 
/**
 * In order; a page applies them as it applies the stream's.
 */
events: Array<Told>, };

/**
 * The game as it stands after a change: whose turn, the points, what the human to move may do,
 * the clock and the result.
 */
export type Situation = { 
/**
 * `playing`, `over`, `quit`.
 */
status: "playing" | "over" | "quit", 
/**
 * Whose turn it is.
 */
turn: TurnView, 
/**
 * The side to move in the position (also once the game is over).
 */
to_move: Side, 
/**
 * White's and Black's points.
 */
points: [number, number], 
/**
 * The legal destinations, when a human is to move.
 */
destinations: Array<Destination>, 
/**
 * The cells the other knight attacks, when a human is to move.
 */
threatened: Array<number>, 
/**
 * Whose seat may take a move back (the side of the last move a human chose); `null` when
 * nothing can be taken back (nothing chosen, a computer-vs-computer game, a game quit).
 */
undo_side: Side | null, 
/**
 * Whether the player to move may ask for a hint (a human is to move).
 */
can_hint: boolean, 
/**
 * The position's outcome (`white`, `black`, `draw`), once over.
 */
result: "white" | "black" | "draw" | null, 
/**
 * The result as a message, once over or abandoned.
 */
result_text: Words | null, 
/**
 * The time each side spent, White's and Black's, in milliseconds.
 */
clock: [number, number], 
/**
 * Both sides' totals, once the game is over or abandoned.
 */
summary?: [SideSummary, SideSummary], };

/**
 * Whose turn it is.
 */
export type TurnView = { "kind": "human", 
/**
 * The side to move.
 */
side: Side, } | { "kind": "computer", 
/**
 * The side to move.
 */
side: Side, } | { "kind": "program", 
/**
 * The side to move.
 */
side: Side, } | { "kind": "forced", 
/**
 * The side to move.
 */
side: Side, 
/**
 * The move.
 */
move: string, } | { "kind": "over", 
/**
 * Always `null` (kept for the pages that read it).
 */
side: Side | null, 
/**
 * `white`, `black`, `draw`.
 */
result: "white" | "black" | "draw", } | { "kind": "quit", 
/**
 * Always `null` (kept for the pages that read it).
 */
side: Side | null, };

/**
 * A legal destination of the human to move, with its moves (one per possible removal of a
 * double, the default first).
 */
export type Destination = { 
/**
 * The cell's name (`E3`).
 */
cell: string, 
/**
 * The cell's index, 0–99, row by row.
 */
index: number, 
/**
 * The number it holds.
 */
value: number | null, 
/**
 * The moves that reach it.
 */
options: Array<MoveOption>, };

/**
 * A move to a destination and the double it removes, if it chooses one.
 */
export type MoveOption = { 
/**
 * The move as written (`E3`, `E3x55`).
 */
move: string, 
/**
 * The double it removes, if it chooses one.
 */
removes: number | null, };

/**
 * A player: its side, whether a human plays it, its label and its description.
 */
export type PlayerView = { 
/**
 * The side.
 */
side: Side, 
/**
 * Whether a human plays it.
 */
human: boolean, 
/**
 * `human`, `computer:cavalo`, `computer:cavalo:level=3`.
 */
label: string, 
/**
 * What plays it, with its options.
 */
name: string, 
/**
 * The computer player (`cavalo`, `classic:4`, `greedy`, `random:7`); none for a human.
 */
engine?: string, 
/**
 * Our engine's level when it plays below full strength (1 to 7).
 */
level?: number, 
/**
 * The player in parts, for people (its name worded by the reader's page).
 */
who: Who, };

/**
 * A player in parts for a front end to word in its reader's language: a person (with the name
 * given, if any), one of our computer players (its engine and, below full strength, our engine's
 * level), or a name kept from elsewhere (a match's engine, a label this version does not know).
 * Read once from the typed player, so that no front end parses a label.
 */
export type Who = { "kind": "human", 
/**
 * The name given, if any.
 */
name?: string, } | { "kind": "computer", 
/**
 * The engine (`cavalo`, `classic:4`, `greedy`, `random:7`).
 */
engine: string, 
/**
 * Our engine's level when it plays below full strength (1 to 7).
 */
level?: number, } | { "kind": "program", 
/**
 * The name it plays under.
 */
name: string, } | { "kind": "named", 
/**
 * The name.
 */
name: string, };

/**
 * An announcement: its kind (`move`, `placement`, `pass`, `double-removed`, `game-over`, …) and
 * its message.
 */
export type Said = { 
/**
 * What happened.
 */
kind: string, 
/**
 * Its message.
 */
message: Words, };

/**
 * An argument of a [`Message`], or a text to show: a text as it is, a whole number (written the
 * language's way, and choosing plural forms), or another message worded first.
 */
export type Words = string | number | Message;

/**
 * A catalogue message (`key`) with its arguments: `{"key": "ann-pass", "args": {"who": …}}`.
 */
export type Message = { 
/**
 * The catalogue's key.
 */
key: string, 
/**
 * The arguments by name (none: left out).
 */
args?: { [key in string]: Words }, };

/**
 * One ply of the game, with who played it, what it scored, how long it took and, for the
 * computer, the search's statistics.
 */
export type Ply = { 
/**
 * 1-based number of the ply in the game (placements and passes count).
 */
number: number, 
/**
 * The side that played.
 */
side: Side, 
/**
 * The move (`E3`, `G7x88`, `pass`).
 */
move: string, 
/**
 * Whether a human or a computer played it.
 */
by: Actor, 
/**
 * A placement or a pass: the only legal move, played without asking.
 */
forced: boolean, 
/**
 * Points scored by this ply.
 */
gained: number, 
/**
 * White's and Black's points after it.
 */
points: [number, number], 
/**
 * Time spent choosing it, in milliseconds.
 */
time_ms: number, 
/**
 * The computer's search statistics (nodes, cuts, depth, value, principal variation).
 */
search?: SearchInfo | null, };

/**
 * Who decided a ply.
 */
export type Actor = "human" | "computer";

/**
 * A side's totals, for the end-of-game summary.
 */
export type SideSummary = { 
/**
 * The player's label (`human`, `computer:cavalo`).
 */
player: string, 
/**
 * Final points.
 */
points: number, 
/**
 * Plies played that were not passes (placements included).
 */
moves: number, 
/**
 * Passes.
 */
passes: number, 
/**
 * Total time spent, ms.
 */
time_ms: number, 
/**
 * Searches made (computer plies that were not forced).
 */
searches: number, 
/**
 * Total nodes analysed.
 */
nodes: number, 
/**
 * Total alpha cuts.
 */
alpha_cuts: number, 
/**
 * Total beta cuts.
 */
beta_cuts: number, 
/**
 * Mean depth reached over the searches.
 */
mean_depth: number, 
/**
 * Deepest depth reached.
 */
max_depth: number, };

/**
 * The statistics of a search (or of one completed iteration), as data.
 *
 * Alpha and beta cuts follow RULES.md §8: a cut at a node where the searching side is to move
 * is a beta cut; at a node where the opponent is to move, an alpha cut.
 */
export type SearchInfo = { 
/**
 * Nominal depth completed, in plies.
 */
depth: number, 
/**
 * Deepest ply reached (quiescence and extensions included).
 */
seldepth: number, 
/**
 * The value in game points from the mover's view: the expected final points difference
 * (mover minus opponent), points already won included; exact when `proven`.
 */
score: number, 
/**
 * Whether the value is the exact final difference, every line having been searched to the end.
 */
proven: boolean, 
/**
 * Positions analysed (every node visited, quiescence included), all threads.
 */
nodes: number, 
/**
 * Cuts at nodes where the opponent of the searching side is to move.
 */
alpha_cuts: number, 
/**
 * Cuts at nodes where the searching side is to move.
 */
beta_cuts: number, 
/**
 * Time since the search started.
 */
time: number, 
/**
 * Nodes per second.
 */
nps: number, 
/**
 * Transposition-table fill, per mille.
 */
hashfull: number, 
/**
 * Principal variation, first the move to play.
 */
pv: Array<string>, };

/**
 * White (player 1, places on row 1 and moves first) or Black (player 2, row 10).
 */
export type Side = "white" | "black";

/**
 * The rule switches of RULES.md §6. The default is the canonical game (both on).
 */
export type Rules = { 
/**
 * The threat rule: a knight may not land one knight-jump away from the opponent's knight.
 */
threat: boolean, 
/**
 * Whether `00` counts as a double.
 */
zero_double: boolean, };

/**
 * The outcome of a finished game.
 */
export type Outcome = "white" | "black" | "draw";

/**
 * Where a recorded game starts.
 */
export type Start = { "seed": number } | { "position": string };

/**
 * A game as JSON: `{"rules":{...},"start":{"seed":7},"moves":["J1","C10",...],"result":"white","points":[250,198]}`.
 *
 * `meta` carries anything a front end wants to keep (players, dates, per-move statistics);
 * replaying ignores it.
 *
 * ```
 * use cavalo_rules::{GameRecord, Start, Rules};
 * let mut rec = GameRecord::new(Start::Seed(1), Rules::default());
 * let mut pos = rec.initial_position().unwrap();
 * let mv = pos.legal_moves()[0];
 * pos.play(mv);
 * rec.moves.push(mv.to_string());
 * let json = rec.to_json();
 * let back = GameRecord::from_json(&json).unwrap();
 * assert_eq!(back.replay().unwrap().last().unwrap(), &pos);
 * ```
 */
export type GameRecord = { 
/**
 * The rule variant.
 */
rules: Rules, 
/**
 * The starting position.
 */
start: Start, 
/**
 * Every ply in order, in move notation (placements and passes included).
 */
moves: Array<string>, 
/**
 * The result, once the game is over.
 */
result?: Outcome | null, 
/**
 * White's and Black's points at the end of the record.
 */
points?: [number, number] | null, 
/**
 * Free-form extra data.
 */
meta?: Record<string, unknown>, };

/**
 * The new-game form.
 */
export type NewGame = { 
/**
 * `human-computer` (default), `computer-computer`, `human-human` (or `hc`, `cc`, `hh`).
 */
mode?: string, 
/**
 * The human's side against the computer: `white` (default) or `black`.
 */
human?: string, 
/**
 * The computer player: `cavalo` (default), `cavalo:level=N`, `classic[:D]`, `greedy`,
 * `random[:S]`.
 */
engine?: string, 
/**
 * Our engine's level, 1 to 8 (default 8, full strength), for every side it plays.
 */
level?: number, white_engine?: string, black_engine?: string, 
/**
 * The computer's time per move, ms (default 1000).
 */
time_ms?: number, seed?: number, 
/**
 * A position string, a course Lisp board or `seed:N`.
 */
position?: string, rules?: Rules, 
/**
 * Listed for everyone on the server (default: only for the holders of its seats).
 */
public?: boolean, };

/**
 * A human's move.
 */
export type MoveRequest = { 
/**
 * `E3`, `E3x77` (landing on a double and removing 77 rather than the highest), `3 5`.
 */
move: string, 
/**
 * The number of plies the client has seen; when given and the game has moved on, the move
 * is refused (a second click, another tab).
 */
ply?: number, };

/**
 * The invitation form: which seat to hand over.
 */
export type InviteRequest = { side: string, };

/**
 * The claim form: the invitation's code.
 */
export type ClaimRequest = { invite: string, };

/**
 * An upload.
 */
export type Upload = { text: string, game?: string, };

/**
 * A try.
 */
export type TryRequest = { move: string, };

/**
 * The body of an error answer.
 */
export type ErrorBody = { 
/**
 * The kind of error, stable, snake_case: `not_found`, `illegal_move`, `too_many`…
 */
code: string, 
/**
 * The sentence, in the request's language.
 */
message: string, };

/**
 * `POST /api/games`: the new game's state with the secret tokens of its seats (side -> token).
 */
export type Created = { tokens: { [key in string]: string }, id: string, 
/**
 * Grows with every change: answers and events older than what a page shows are dropped.
 */
version: number, date: string, 
/**
 * `human-computer`, `computer-computer`, `human-human`.
 */
mode: string, rules: Rules, 
/**
 * The values that are doubles under the rules.
 */
doubles: Array<number>, 
/**
 * The start as the game was created (`seed:N`, a position).
 */
start: string, time_ms: number, players: [PlayerView, PlayerView], 
/**
 * The cells of the first position (100, row by row); each ply says the cells it changed.
 */
cells: Array<number | null>, plies: Array<PlyView>, 
/**
 * The current position as a position string and as a course Lisp board.
 */
position: string, lisp: string, 
/**
 * What happened since the last move a human chose (or since the ply `?since=` names).
 */
announcements: Array<Said>, 
/**
 * The live search, if any.
 */
thinking: LiveView | null, seats: Array<SeatOut>, 
/**
 * Why the game cannot go on (the computer's move could not be stored), if so.
 */
problem: Words | null, 
/**
 * `playing`, `over`, `quit`.
 */
status: "playing" | "over" | "quit", 
/**
 * Whose turn it is.
 */
turn: TurnView, 
/**
 * The side to move in the position (also once the game is over).
 */
to_move: Side, 
/**
 * White's and Black's points.
 */
points: [number, number], 
/**
 * The legal destinations, when a human is to move.
 */
destinations: Array<Destination>, 
/**
 * The cells the other knight attacks, when a human is to move.
 */
threatened: Array<number>, 
/**
 * Whose seat may take a move back (the side of the last move a human chose); `null` when
 * nothing can be taken back (nothing chosen, a computer-vs-computer game, a game quit).
 */
undo_side: Side | null, 
/**
 * Whether the player to move may ask for a hint (a human is to move).
 */
can_hint: boolean, 
/**
 * The position's outcome (`white`, `black`, `draw`), once over.
 */
result: "white" | "black" | "draw" | null, 
/**
 * The result as a message, once over or abandoned.
 */
result_text: Words | null, 
/**
 * The time each side spent, White's and Black's, in milliseconds.
 */
clock: [number, number], 
/**
 * Both sides' totals, once the game is over or abandoned.
 */
summary?: [SideSummary, SideSummary], };

/**
 * `GET /api/info`: the server's limits and default rules.
 */
export type ServerInfo = { 
/**
 * `cavalo 0.1.0`.
 */
program: string, 
/**
 * The computer players a game may name.
 */
engines: [string, string, string, string], 
/**
 * Our engine's levels, weakest to full strength.
 */
levels: LevelRange, max_time_ms: number, min_time_ms: number, 
/**
 * Searches the server runs at once.
 */
max_searches: number, default_rules: Rules, 
/**
 * The languages' codes (`pt`, `en`).
 */
languages: Array<string>, 
/**
 * Whether the server runs the arena (`cavalo serve --arena`: `GET /api/arena`).
 */
arena: boolean, };

/**
 * The levels of our engine.
 */
export type LevelRange = { min: number, max: number, };

/**
 * `GET /api/games`: the games a client sees, newest first.
 */
export type GameList = { games: Array<ListedGame>, };

/**
 * A game of the list.
 */
export type ListedGame = { id: string, date: string, mode: string, status: string, 
/**
 * White and Black, in parts for the page to word.
 */
players: [Who, Who], points: [number, number], plies: number, result: string | null, 
/**
 * Listed for everyone.
 */
public: boolean, 
/**
 * The request holds one of its seats.
 */
mine: boolean, 
/**
 * The request uploaded it.
 */
uploaded: boolean, };

/**
 * One game of a log sent to upload that holds several (`400 several_games`, in the answer's
 * `detail.games`), in the log's order, for the person to pick one.
 */
export type LogChoice = { id: string, date: string | null, 
/**
 * White and Black (none when the log does not say).
 */
players: [Who | null, Who | null], 
/**
 * From its `END` line; none while unfinished.
 */
status: string | null, result: string | null, 
/**
 * The plies' points added up, White's then Black's.
 */
points: [number, number], plies: number, };

/**
 * `POST /api/games/{id}/hint`: the engine's move for the player to move.
 */
export type Hint = { 
/**
 * The move as written (`E3`, `E3x55`).
 */
move: string, 
/**
 * The cell it reaches and its index, none for a pass.
 */
cell: string | null, index: number | null, info: SearchInfo, 
/**
 * The hint as a message (`Hint: E3`).
 */
message: Words, };

/**
 * `POST /api/games/{id}/invite`: an invitation to a seat.
 */
export type Invitation = { side: Side, 
/**
 * The invitation's secret code.
 */
invite: string, 
/**
 * The page's address that claims it.
 */
link: string, };

/**
 * `POST /api/games/{id}/claim`: the seat an invitation opened, and the game.
 */
export type Claimed = { side: Side, 
/**
 * The seat's secret token.
 */
token: string, state: GameState, };

/**
 * `POST /api/games/upload`: the stored game's id and plies.
 */
export type Uploaded = { id: string, plies: number, };

/**
 * What an event carries.
 */
export type Lines = { ply: number, side: Side, info: SearchInfo, };

/**
 * What `GET` answers while an analysis is under way.
 */
export type Progress = { 
/**
 * `queued` (waiting for an engine), `running`.
 */
state: "queued" | "running", 
/**
 * Positions searched.
 */
done: number, 
/**
 * Positions to search.
 */
total: number, 
/**
 * The plies it judges.
 */
plies: number, };

/**
 * What `GET` answers when no analysis was asked for (or the one asked for was of another
 * budget): `{"state": "none"}`, with 200.
 */
export type NoAnalysis = { 
/**
 * Always `none`.
 */
state: "none", };

/**
 * The analysis of a game.
 */
export type Analysis = { 
/**
 * [`FORMAT_VERSION`].
 */
version: number, 
/**
 * The search budget per position.
 */
budget: Budget, 
/**
 * The thresholds used.
 */
thresholds: Thresholds, 
/**
 * The game analysed (its moves, start and rules; `meta` as read).
 */
game: GameRecord, 
/**
 * Every ply.
 */
plies: Array<PlyAnalysis>, 
/**
 * White's and Black's figures.
 */
sides: [AnalysisSideSummary, AnalysisSideSummary], 
/**
 * The ply numbers of the turning points.
 */
turning_points: Array<number>, 
/**
 * The value of the last position from White's view (exact when the game is over).
 */
last_value: AnalysisValue, 
/**
 * The game's noise: the median spread of the searches of the positions with a choice and an
 * unproven value, in points (`i32::MAX` when unknown).
 */
noise: number, 
/**
 * The median nodes of the searches of the positions with a choice and an unproven value (0
 * when there are none).
 */
median_nodes: number, 
/**
 * The budget was too small to judge (`median_nodes` below [`MIN_NODES`]): no ply was judged.
 */
too_small: boolean, 
/**
 * What was searched again where the verdicts were unsure.
 */
refinement: Refinement, };

/**
 * One ply judged.
 */
export type PlyAnalysis = { 
/**
 * The ply number, from 1.
 */
ply: number, 
/**
 * Who played it.
 */
side: Side, 
/**
 * The move played.
 */
played: string, 
/**
 * A single legal move: shown, not judged.
 */
forced: boolean, 
/**
 * The best move found (none only when the search found none).
 */
best: string | null, 
/**
 * The value of the best move, from the mover's view.
 */
best_value: AnalysisValue, 
/**
 * The value of the move played, from the mover's view.
 */
played_value: AnalysisValue, 
/**
 * Points lost against the best move, counted: the measured loss less its margin, at least 0
 * (none when forced, or when the budget was too small to judge).
 */
loss: number | null, 
/**
 * Whether the loss is exact (both values compared proven).
 */
loss_exact: boolean, 
/**
 * The class of the loss counted (none when forced, or when the budget was too small).
 */
class: Class | null, 
/**
 * Whether the ply is a turning point.
 */
turning: boolean, 
/**
 * The principal variation from the position before the ply.
 */
pv: Array<string>, 
/**
 * The depth reached by the search of the position before the ply.
 */
depth: number, 
/**
 * Nodes of that search.
 */
nodes: number, 
/**
 * Points lost as measured, before the margin (none when forced).
 */
measured_loss: number | null, 
/**
 * The margin taken from the measured loss: 0 for an exact loss, none when a search's
 * uncertainty is unknown (nothing is counted then) or the ply is forced.
 */
margin: number | null, 
/**
 * The value of the best move from the search of the position after it (mover's view), when
 * that search was made: what the move played was compared with.
 */
compared: AnalysisValue | null, 
/**
 * The margin changed the class: the measured loss alone would have been classed worse.
 */
uncertain: boolean, 
/**
 * The margin swallowed the measured loss: counted, it would be good, but a mistake could hide
 * in the margin; the searches cannot tell (no loss counted, no class; see [`counted`]).
 */
unclear: boolean, 
/**
 * The positions compared were searched again, with more nodes ([`refine`]).
 */
refined: boolean, };

/**
 * A value in points with whether it is proven.
 */
export type AnalysisValue = { 
/**
 * Points difference (the view is given where the value is used).
 */
points: number, 
/**
 * Whether it is the exact final difference (proven by the search, or the game is over).
 */
exact: boolean, };

/**
 * One side's figures.
 */
export type AnalysisSideSummary = { 
/**
 * Moves judged (forced plies left out).
 */
judged: number, 
/**
 * Moves in each class, in the order of [`Class::ALL`].
 */
classes: [number, number, number, number], 
/**
 * Share of judged moves classed good, per cent (100 with no judged move).
 */
accuracy: number, 
/**
 * Mean points lost per judged move.
 */
mean_loss: number, 
/**
 * Total points lost.
 */
total_loss: number, 
/**
 * Moves unclear (not judged: the searches could not tell, see [`PlyAnalysis::unclear`]).
 */
unclear: number, };

/**
 * How good a move was.
 */
export type Class = "good" | "inaccuracy" | "mistake" | "blunder";

/**
 * Where the classes begin, in points lost by the move played.
 */
export type Thresholds = { 
/**
 * A move losing at least this many points is an inaccuracy (below it: good).
 */
inaccuracy: number, 
/**
 * A move losing at least this many points is a mistake.
 */
mistake: number, 
/**
 * A move losing at least this many points is a blunder.
 */
blunder: number, 
/**
 * A move losing at least this many points is a turning point.
 */
swing: number, };

/**
 * What an analysis spent where its verdicts were unsure.
 */
export type Refinement = { 
/**
 * The nodes the re-searches of the game could have in all.
 */
max_nodes: number, 
/**
 * The nodes of one re-search.
 */
nodes_per_search: number, 
/**
 * The nodes they searched.
 */
nodes: number, 
/**
 * The positions searched again.
 */
searches: number, 
/**
 * How many of those searches proved their position.
 */
proven: number, 
/**
 * The plies whose positions were searched again, in the order they were.
 */
plies: Array<number>, };

/**
 * The search budget of each position.
 */
export type Budget = { 
/**
 * Nodes per position (deterministic with one thread).
 */
nodes: number | null, 
/**
 * Milliseconds per position.
 */
time_ms: number | null, 
/**
 * Search threads.
 */
threads: number, };

/**
 * `GET /api/games/{id}/exercises`: the analysis's worst moves, the worst first.
 */
export type ExerciseList = { exercises: Array<Shown>, };

/**
 * An exercise as the page gets it: the answer kept back.
 */
export type Shown = { ply: number, side: Side, played: string, loss: number, class: Class, destinations: Array<Destination>, };

/**
 * What a try answers: its judgement and the answer.
 */
export type Answer = { judged: Judged, best: string, best_value: AnalysisValue, played: string, played_value: AnalysisValue, pv: Array<string>, };

/**
 * A try judged.
 */
export type Judged = { 
/**
 * The move tried, as written.
 */
move: string, 
/**
 * Its value, from the mover's view.
 */
value: AnalysisValue, 
/**
 * Points it loses against the best move (0 at best).
 */
loss: number, 
/**
 * The verdict.
 */
verdict: Verdict, };

/**
 * How good a try was.
 */
export type Verdict = "best" | "better" | "no_better";

/**
 * A team's upload.
 */
export type ProgramUpload = { 
/**
 * The team's name.
 */
team: string, 
/**
 * The class code the teacher gave out.
 */
code: string, 
/**
 * At most 8 files, 512 KiB in all.
 */
files: Array<ProgramFile>, 
/**
 * The file to load (by default the only one).
 */
entry?: string, 
/**
 * The glue of a `lisp:` player (`function`, `args`, `state`, …), each a text.
 */
options?: { [key in string]: string }, };

/**
 * A file of an upload.
 */
export type ProgramFile = { 
/**
 * A plain file name (`equipa.lisp`).
 */
name: string, 
/**
 * Its text.
 */
text: string, };

/**
 * The version made of an upload.
 */
export type ProgramTaken = { 
/**
 * The version's id.
 */
id: string, team: string, version: number, };

/**
 * The arena, as the page shows it.
 */
export type ArenaView = { 
/**
 * The arena games' time per move, in milliseconds.
 */
time_ms: number, 
/**
 * The current version of every team, the strongest first.
 */
standings: Array<StandingView>, 
/**
 * Games: those of the version asked for, else the most recent; the newest first.
 */
games: Array<ArenaGameView>, 
/**
 * How many arena games were played or are being played in all.
 */
total_games: number, 
/**
 * A championship's report is there to download (`GET /api/arena/championship`).
 */
championship: boolean, };

/**
 * A current version in the standings.
 */
export type StandingView = { 
/**
 * The version's id (its games: `GET /api/arena?program=ID`).
 */
id: string, team: string, version: number, 
/**
 * Ladder games against the other current versions, and the points in them.
 */
games: number, score: number, 
/**
 * Elo, our engine's level 1 at 0, with half its 95% interval; none before any game.
 */
rating?: number, margin?: number, 
/**
 * Still playing its qualification against the levels.
 */
qualifying: boolean, 
/**
 * The highest level of our engine it beat (none: not even level 1, or still qualifying).
 */
level?: number, 
/**
 * Its games lost by forfeit, and the last of them.
 */
forfeits: number, last_error?: ForfeitView, 
/**
 * One of its games is being played.
 */
playing: boolean, };

/**
 * A forfeit, worded.
 */
export type ForfeitView = { 
/**
 * The game (open it with `GET /api/games/ID`).
 */
game: string, 
/**
 * The ply at which it failed; none while loading.
 */
ply?: number, 
/**
 * When, in the reader's language (`at ply 5`, `at load, before the first move`).
 */
when: string, 
/**
 * What went wrong, in the reader's language.
 */
message: string, 
/**
 * The program's last lines on its standard error.
 */
stderr: Array<string>, };

/**
 * A side's player in an arena game.
 */
export type ArenaSeat = { "kind": "program", id: string, team: string, version: number, } | { "kind": "level", level: number, };

/**
 * An arena game.
 */
export type ArenaGameView = { 
/**
 * The game that shows it (`GET /api/games/ID`, its events, its analysis).
 */
game: string, white: ArenaSeat, black: ArenaSeat, stage: "qualification" | "ladder", seed: number, 
/**
 * When it started (ISO 8601, UTC).
 */
started: string, 
/**
 * Still being played.
 */
playing: boolean, 
/**
 * White's points in it (1, 0.5, 0), once played.
 */
white_points?: number, 
/**
 * How it ended (`normal`, `timeout`, `crash`, `illegal move`, …), once played.
 */
termination?: string, 
/**
 * The forfeit, with the side that lost by it.
 */
forfeit?: ForfeitView, forfeit_side?: "white" | "black", 
/**
 * The points on the board when it ended.
 */
points?: [number, number], };

/** The data of each event of a game's stream, by its name (its SSE name, `WireEvent::name`). */
export type WireEvents = {
  state: GameState;
  ply: PlyEvent;
  undone: UndoneEvent;
  status: StatusEvent;
  seats: SeatsEvent;
  problem: ProblemEvent;
  thinking: LiveView | null;
};

/** An event of a change's answer (`Told`): its name and the same data the stream carries. */
export type Told = { [K in keyof WireEvents]: { type: K; data: WireEvents[K] } }[keyof WireEvents];

/** What `GET` and `POST /api/games/{id}/analysis` answer: the analysis, its progress, or none. */
export type AnalysisAnswer = Analysis | Progress | NoAnalysis;
