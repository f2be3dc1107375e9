# Cavalo's words in English. One message per key; the Portuguese catalogue
# (../pt-PT/cavalo.ftl) has the same keys with the same arguments.
# Numbers given as arguments are formatted by the program (thousands grouped).

## Sides, players, modes

side-white = White
side-black = Black
player-human = human
move-pass = passes
player-computer-named = computer ({ $name })
player-computer = computer
mode-human-computer = Human vs Computer
mode-computer-computer = Computer vs Computer
mode-human-human = Human vs Human
# A side with its player: "White (Cavalo engine)", "Black (Cavalo engine, level 3)" (never
# "White (cavalo)", which reads as the piece), or "White" for a human; a player's name with its
# level: "Cavalo, level 3".
who-engine-level = { $player }, level { $level }
who-computer = { $side } ({ $player } engine)
who-computer-level = { $side } ({ $player } engine, level { $level })
who-human = { $side }

rules-canonical = canonical
rules-no-threat = no threat rule
rules-no-zero-double = 00 not a double

## The course's statistics

stat-move = move
stat-ply = ply
stat-points = points
stat-gained = gained
stat-nodes = nodes analysed
stat-alpha-cuts = alpha cuts
stat-beta-cuts = beta cuts
stat-time = time
stat-depth = depth
stat-value = value
stat-pv = principal variation
stat-speed = speed
stat-player = player
stat-moves = moves
stat-passes = passes
stat-searches = searches
stat-mean-depth = mean depth
stat-max-depth = max depth
stat-total = total
sum-points = { $count ->
    [one] { $count } point
   *[other] { $count } points
}
sum-moves = { $count ->
    [one] { $count } move
   *[other] { $count } moves
}
sum-passes = { $count ->
    [one] { $count } pass
   *[other] { $count } passes
}
unit-ms = { $ms } ms
unit-s = { $s } s
unit-nps = { $nps } n/s
value-proven = { $value } (proven)

## Announcements (what happened in the game)

ann-placement = { $who }'s knight is placed on { $cell } (+{ $gained }).
ann-move = { $who } plays { $move } (+{ $gained }).
ann-symmetric-removed = The symmetric number { $number } is removed.
ann-double-removed = The double { $number } is removed.
ann-pass = { $who } has no legal move and passes.
ann-hint = Hint: { $move }.
ann-undo = { $count ->
    [one] One ply taken back.
   *[other] { $count } plies taken back.
}
ann-quit = The game was abandoned.
ann-thinking = { $who } is thinking…
ann-to-move = { $who } to move: { $count ->
    [one] one legal move.
   *[other] { $count } legal moves.
}
ann-game-over = Game over: { $result }
result-win = { $side } wins { $winner }–{ $loser }.
result-draw = Draw, { $points }–{ $points }.
result-abandoned = Abandoned at { $white }–{ $black }.
result-word-win = win
result-word-draw = draw

## Errors

err-not-your-turn = It is not your turn.
err-not-computer-turn = It is not the computer's turn.
err-not-program-turn = It is not a program's turn.
err-not-forced = The move is not forced.
err-game-over = The game is over.
err-game-abandoned = The game was abandoned.
err-hint-not-move = That search was a hint, not a move.
err-illegal = Illegal move { $mv }: { $reason }.
illegal-game-over = the game is over
illegal-pass-not-allowed = { $side ->
        [white] White
       *[black] Black
    } has a legal move, so passing is not allowed
illegal-must-pass = { $side ->
        [white] White
       *[black] Black
    } has no legal move and must pass
illegal-place-on = { $side ->
        [white] White
       *[black] Black
    } must place its knight on { $cell }, the highest number of row { $row }
illegal-no-placement = { $side ->
        [white] White
       *[black] Black
    } has no cell to place its knight on
illegal-not-a-jump = { $to } is not a knight's jump from { $from }
illegal-removed = { $cell } is removed
illegal-occupied = { $cell } is occupied by the { $side ->
        [white] white
       *[black] black
    } knight
illegal-threatened = { $cell } is threatened by the { $side ->
        [white] white
       *[black] black
    } knight on { $from }
illegal-unreachable = { $cell } cannot be reached
illegal-nothing-to-remove = { $cell } holds { $value }, not a double, so there is nothing to remove
illegal-removes-landing = { $value } is the double being landed on
illegal-no-such-double = no double { $value } is on the board to remove
err-nothing-to-undo = There is no move of yours to take back.
err-stale = The search was for another position.
err-start = Invalid starting position: { $reason }.
err-io-log = Could not write the log { $path }: { $reason }.
err-io-record = Could not save the record { $path }: { $reason }.
io-permission = permission denied
io-full = the disk is full
io-read-only = the file system is read-only
io-not-found = the folder does not exist
err-store = The games database could not be read or written: { $reason }.
err-store-full = The disk is full: the games database could not be written ({ $reason }).
err-store-read-only = The games database cannot be written here ({ $reason }).
err-store-locked = Another program holds the games database locked: try again ({ $reason }).
err-store-corrupt = The games database is damaged or is not a Cavalo database ({ $reason }).
err-store-not-found = No stored game matches: { $reason }.
err-store-open-damaged = The games database { $path } is damaged or is not a Cavalo database, and Cavalo will not use it (SQLite: { $reason }). Keep a copy of the file, then put back a copy saved before the damage, or move the file away to start an empty database; or give another place with --data-dir or --db.
err-store-open-read-only = Cavalo cannot write to the games database { $path } (SQLite: { $reason }). Let this user write to the file and to its folder, or give another place with --data-dir or --db.
err-store-open-newer = The games database { $path } was made by a newer Cavalo: its schema version is { $found }, and this program reads schema versions up to { $known }. Use that newer Cavalo with it, or give another place with --data-dir or --db (the file was not changed).
err-store-open-bad-version = The games database { $path } has schema version { $found }, which is not one Cavalo writes: the file is damaged or is not a Cavalo database, and Cavalo will not use it. Keep a copy of the file, then put back a copy saved before the damage, or move the file away to start an empty database; or give another place with --data-dir or --db (the file was not changed).
err-restore = Invalid saved game: { $reason }.
err-busy = Wait: the computer is thinking.
err-unreadable = `{ $text }` is not a move: { $reason }.
err-not-a-removal = `{ $text }` is not one of the doubles that can be removed: { $choices }.
unreadable-empty = nothing was typed
unreadable-no-cell = a move starts with a cell such as E3 (or is `pass`)
unreadable-column = the column must be a letter from A to J
unreadable-row = the row must be a number from 1 to 10
unreadable-pair = write a cell as a letter and a number (E3) or as two numbers, row and column (3 5)
unreadable-pair-row = the row must be a number from 1 to 10
unreadable-pair-column = the column must be a number from 1 to 10
unreadable-removal-digits = after `x` comes the double to remove as two digits (such as x88), not `{ $text }`
unreadable-not-double = { $text } is not a double (00, 11, …, 99)

## Terminal

term-prompt = { $side } to move (type a cell such as E3, or help):
term-double-prompt = Landing on { $number } removes another double: which one ({ $options })? Enter for { $default }, cancel (or Esc) to choose another move.
term-enlarge = The window is too small: enlarge it to at least { $width }×{ $height }.
term-last-search = Last search
term-no-search = No search yet.
term-moves = Moves
term-board = Board
term-help = Help
term-totals = Totals
term-record-saved = Game record saved to { $path }
term-quit-confirm = Abandon the game? (y/n)

## Terminal lines (plain and full screen)

term-intro = Jogo do Cavalo: { $white } against { $black }. Rules: { $rules }. Start: { $start }.
term-time-per-move = Computer time per move: { $ms } ms.
term-type-help = Type help for the commands.
term-points-line = Points: { $white } { $wpoints }, { $black } { $bpoints }. Ply { $ply }.
term-moves-line = Moves: { $moves }
term-statistics = Statistics: { $stats }
term-end-of-input = End of input: the game is stopped and saved as abandoned (to review with `cavalo games show`; an abandoned game cannot be resumed).
term-quit-ask = Quit this game? It is saved as abandoned, to review but not to resume. (y/n) [n]:{ " " }
term-goes-on = The game goes on.
term-hint-thinking = Thinking about a hint…
term-taken-back = Taken back: { $moves }.
# What the program writes before a message that ends it with a failure.
error-prefix = error
term-error-help = { $error } Type help for help.
term-double-holds = { $cell } holds the double { $value }: you remove another double: { $list }.
term-double-which = Which double to remove? Enter for { $default }; cancel (Esc in the full screen) to choose another move:{ " " }
term-move-cancelled = Move cancelled.
term-saved = Game saved to { $path }
term-stored = Game { $id }, kept in { $path }
term-resume-not-playing = Game { $id } is not being played: there is nothing to resume (`cavalo games show { $id }` shows it). A game that ended or was abandoned (quit, end of input, Ctrl-C, the terminal closed) is over, in the games database and in log.dat; only a game cut off without a word (the program killed, the machine stopped) is resumed.
term-line-too-long = That line was longer than 64 KiB and was ignored.
term-line-not-utf8 = That line was not valid UTF-8 text and was ignored.
term-log-appended = Log appended to { $path }
term-warning = warning: { $text }
term-legend = WN/BN white/black knight, [..] last move, <..> cell it left, * you may move here, ! threatened by the other knight, . removed
term-prompt-move = { $who } to move>{ " " }
term-input-title = { $who } to move: a cell (E3 or 3 5), hint, undo, help, quit
term-keys-computer = q or Esc: quit
term-game-over-key = Game over: press any key to leave
term-messages = Messages
term-game = Game
term-thinking-for = { $who } is thinking… { $seconds } s
term-hint-search = Hint search
term-wait-hint = Please wait for the hint.
term-search-dropped = The computer's search was dropped: { $error }
help-title = Type a move or a command:
help-cell = move your knight to E3 (column letter A-J, then row 1-10)
help-rowcol = the same cell as row and column numbers (row 3, column 5 = E3)
help-double = land on the double at E3 and remove 88 (instead of the highest other double)
help-hint = ask the computer for a suggestion
help-undo = take back your last move (and the computer's reply)
help-help = show this help
help-quit = stop the game (saved as abandoned: it can be reviewed, not resumed)
# The words a player types for each command, separated by spaces; the first is the one the help
# shows. The words of either language are understood in both.
cmd-hint = hint
cmd-undo = undo takeback
cmd-help = help ?
cmd-quit = quit q exit
cmd-cancel = cancel
cmd-yes = y yes

## The set-up menu of `cavalo play`

menu-mode-title = Game mode:
menu-mode-1 = human against computer
menu-mode-2 = computer against computer
menu-mode-3 = human against human
menu-choose-123 = Choose 1, 2 or 3 [1]:{ " " }
menu-answer-123 = Please answer 1, 2 or 3.
menu-first-title = Who starts (plays White)?
menu-first-1 = you
menu-first-2 = the computer
menu-choose-12 = Choose 1 or 2 [1]:{ " " }
menu-answer-12 = Please answer 1 or 2.
menu-time = Computer's time limit per move, in milliseconds, from 1000 to 5000 [1000]:{ " " }
menu-time-bad = The time limit must be a whole number from 1000 to 5000.
menu-level = Computer's level, from 1 (a beginner) to 8 (full strength) [8]:{ " " }
menu-level-bad = The level must be a whole number from 1 to 8.
menu-no-answer = no answer: the game was not started

## Replaying a game record

replay-title = { $date }: { $white } against { $black }
replay-rules-start = Rules: { $rules }. Start: { $start }.
replay-ply-of = Ply { $ply } of { $total }
replay-last = Last move: { $side } { $move }
replay-ply-line = Ply { $ply }: { $side } { $move } (+{ $gained }). { $points }
replay-panel = Replay
replay-keys-title = Keys
replay-keys = ←/→ one ply, Home/End first/last, q leave
replay-unfinished = The record stops before the end of the game.

## Answers of the web server's API

api-not-game-id = `{ $id }` is not a game id
api-no-game = there is no game `{ $id }`
api-stopping = the server is stopping
api-nothing-at = there is nothing at { $path }
api-not-allowed = { $method } is not allowed on { $path }
api-seed-or-position = give a seed or a position, not both
api-bad-position = bad position: { $reason }
bad-mode = `{ $mode }` is not a mode: use human-computer (hc), computer-computer (cc) or human-human (hh)
bad-side = `{ $side }` is not a side: use `white` (`w`) or `black` (`b`)
bad-points = `{ $points }` is not two whole numbers WHITE,BLACK such as 12,30
err-player-unknown = `{ $player }` is not a player: use { $help }
err-player-not-a-number = `{ $value }` is not a whole number ({ $what ->
    [depth] a depth
   *[seed] a seed
  }) in `{ $player }`
err-player-classic-depth = the classic player's depth goes from 1 to { $max }, not { $depth }
err-player-option = in `{ $player }`: { $reason }
err-option-unknown = there is no option `{ $option }` (options: { $keys })
err-option-range = { $option } must be a whole number from { $min } to { $max }, not `{ $value }`
err-option-bool = { $option } must be on or off, not `{ $value }`
err-option-key-value = `{ $text }` is not KEY=VALUE
api-bad-engine = `{ $engine }` is not a computer player: { $reason }
api-bad-level = the level must be a whole number from { $min } to { $max }, not { $level }
api-level-not-cavalo = a level is chosen for the cavalo engine only, and no side is played by it
api-engine-options = `{ $engine }`: a game on the server may choose the engine's level and seed only
api-bad-time = the time per move must be from { $min } to { $max } ms, not { $time }
api-moved-on = the game has moved on: it is at ply { $ply }, not { $seen }; reload it
api-query-twice = the query parameter `{ $name }` is given twice
api-query-not-whole = the query parameter `{ $name }` must be a whole number (0 or more), not `{ $value }`
api-query-too-large = the query parameter `{ $name }` is too large: `{ $value }`
api-hint-failed = the hint search failed
api-hint-running = a hint is already being searched for this game: wait for it
api-no-analysis = game { $id } has not been analysed yet: ask for its analysis first
api-analysis-failed = the analysis failed: { $reason }
api-analysis-limit = you already have { $max } analyses under way: wait for one to end
api-analysis-busy = the server is already analysing { $max } games: try again in a moment
api-no-exercise = ply { $ply } is not an exercise of this game's analysis
api-exercise-limit = you already have { $max } tries being searched: wait for one to end
api-think-no-ply = the game has { $plies } plies: there is no position after ply { $ply }
api-think-over = the game is over after ply { $ply }: there is nothing to search
api-upload-not-record = the text is JSON but not a game record (its `start` and `moves`, or a saved game)
api-upload-not-log = the text is not a log.dat whose game can be read (its GAME line with the rules and the start, then its plies)
api-upload-pick-in-record = a game is picked by its id in a log.dat; this text is a JSON record of one game
api-upload-empty = the text holds no game (neither a JSON game record nor a log.dat with a game)
api-upload-no-such-game = the log.dat holds no game whose id begins with `{ $id }`
api-upload-several = the log.dat holds { $count } games ({ $ids }): pick one by its id
serve-db-in-use = another cavalo serve{ $pid ->
        [none] {""}
       *[other] {" "}(process { $pid })
    } already uses the games database { $db }: stop it first, or give this server another --data-dir
api-upload-quota = you have uploaded { $max } games in the last hour: wait before uploading more
api-arena-off = this server runs no arena (start it with cavalo serve --arena)
api-arena-bad-code = that is not the class code: ask your teacher for it
api-arena-bad-team = `{ $team }` is not a team name: give one of 1 to { $max } printable characters, without commas
api-arena-quota = you have uploaded { $max } programs in the last hour: wait before uploading more
api-arena-full = the arena is full (at most { $teams } teams and { $mib } MiB of programs): ask your teacher
api-arena-no-program = the arena has no program { $id }
api-arena-no-championship = no championship has been played on this server's data yet (cavalo arena championship)
api-upload-bad-date = the game's date `{ $date }` is not a date written as 2025-03-01T14:05:09Z
api-upload-bad-meta = the game record's `{ $key }` holds a value of the wrong kind: { $found }
api-bad-host = this server answers only to this machine's own names (localhost, 127.0.0.1, [::1]), not `{ $host }`
api-cross-origin = a page of another site ({ $origin }) may not change games on this server
api-not-json = send the request as JSON, with the header `Content-Type: application/json`
api-body-empty = the body is empty: send a JSON object
api-body-syntax = the body is not valid JSON: the fault is at line { $line }, column { $column }
api-body-eof = the body's JSON stops before its end (line { $line }, column { $column })
api-body-twice = the field `{ $field }` is given twice
api-body-unknown-field = the field `{ $field }` is not one this request takes; it takes { $accepted }
api-body-unknown-field-none = the field `{ $field }` is not one this request takes; it takes no fields
api-body-missing-field = the field `{ $field }` is missing
api-body-wrong-value = the field `{ $field }` cannot be { $found }
api-body-shape = the body's fields are not the ones expected
api-json-text = the text { $text }
api-json-number = the number { $number }
api-json-list = a list
api-json-object = an object
api-body-too-large = the body is too large: at most { $max } bytes
api-body-unreadable = the body could not be read
api-body-not-object = the body must be a JSON object of named fields, not { $found }
api-too-slow = the request took too long and was stopped
api-body-too-slow = the body of the request did not arrive within { $secs } s
api-bad-lang = `{ $lang }` is not a language of this server: use { $known }
api-no-seat = only a player of this game may do that: send your seat's token (header `Authorization: Bearer …`); anyone else may watch
api-wrong-seat = that token is not a seat of this game (it may have been handed over with an invitation)
api-other-seat = your seat is { $seat }; this is for { $needed }
api-bad-invite = this invitation is not valid, or it has been used already
api-no-such-seat = { $side } is played by the computer here: there is no seat to hand over
api-bad-seat-list = the X-Cavalo-Seats and X-Cavalo-Uploads headers must each list at most { $max } seat tokens or game ids, separated by commas, each of at most { $length } letters, digits, - or _
api-too-many-cc = you already run { $max } computer-vs-computer games: wait for one to end, or quit one
api-server-cc = the server already runs { $max } computer-vs-computer games: try again later
api-too-many-games = you already have { $max ->
    [one] { $max } unfinished game
   *[other] { $max } unfinished games
} on this server: finish or quit one first
api-too-many-streams = you already have { $max } game pages open: close one
api-server-streams = the server already serves { $max } game pages: try again later
api-internal = the server could not finish the request

## cavalo stats (the statistics of log.dat)

stats-game = Game { $n } ({ $id }, { $date }, { $mode }, start { $start }), White { $white } against Black { $black }
stats-result = Result: { $result } ({ $status }), points { $points }, { $plies ->
    [one] { $plies } ply
   *[other] { $plies } plies
}
stats-unfinished = Result: unfinished, { $plies ->
    [one] { $plies } ply
   *[other] { $plies } plies
}
stats-taken-back = , { $count ->
    [one] { $count } ply
   *[other] { $count } plies
} taken back
stats-all = All { $count } games
stats-columns = player metric count mean sd min max
stats-metric-nodes = nodes
stats-metric-alpha-cuts = alpha-cuts
stats-metric-beta-cuts = beta-cuts
stats-metric-time-ms = time-ms
stats-metric-depth = depth
stats-metric-points = points
stats-chart-written = Chart of game { $n } written to { $path }
stats-no-game = { $source } holds no game
stats-no-game-id = { $source } holds no game `{ $id }`
log-line-error = { $source }, line { $line }: { $problem }: `{ $text }`
log-problem-before-game = { $keyword } before any GAME line
log-problem-no-number = a PLY line without its number (n=)
log-problem-not-a-number = `{ $field }` is not a number

## The web page (labels; { $name } placeholders are filled in by the page)

web-title = Cavalo — Jogo do Cavalo
web-skip = Skip to the board
web-offline = The connection to the server is lost: trying again…
web-new-game = New game
web-games = Games
web-help = Keyboard help
web-lang-pt = Português
web-lang-en = English
web-language = Language
web-white = White
web-black = Black
web-white-clock = White's time
web-black-clock = Black's time
web-white-points = White's points
web-black-points = Black's points
web-start-prompt = Start a new game.
web-board-label = Board: arrow keys move the cursor, Enter plays to the cell under it
web-undo = Take back
web-undo-title = Take back your last move (U)
web-hint = Hint
web-hint-title = Ask the engine for a move (H)
web-resign = Resign
web-resign-title = Abandon the game
web-resign-confirm = Abandon this game?
web-delete = Delete
web-delete-title = Delete this game from the server
web-delete-confirm = Delete this game for good? Nobody will be able to see it again.
web-deleted = The game was deleted.
web-invite-white = Invite for White
web-invite-black = Invite for Black
web-invite-white-title = Invite someone to play White: a link that hands them your White seat
web-invite-black-title = Invite someone to play Black: a link that hands them your Black seat
web-invite-prompt = Send this link to the other player (it works once):
web-invitations = Invitations
web-invite-copied = Invitation link copied: send it to the other player. It works once.
web-claimed = You took the seat of the invitation: it is yours now.
web-watching = You are watching this game.
web-show-threats = Threatened cells
web-review = Review the game
web-first = First position (Home)
web-prev = Previous ply (←)
web-next = Next ply (→)
web-last = Current position (End)
web-engine = Engine
web-no-search = No search yet.
web-moves = Moves
web-moves-label = Move list (click a row to review it)
web-col-number = #
web-col-side = Side
web-col-move = Move
web-col-points = Pts
web-col-score = Score
web-col-nodes = Nodes
web-col-nodes-title = nodes analysed
web-col-alpha = α cuts
web-col-alpha-title = alpha cuts
web-col-beta = β cuts
web-col-beta-title = beta cuts
web-col-time = Time
web-col-depth = Depth
web-col-depth-title = search depth
web-col-value = Value
web-col-value-title = value, mover's view (≡ proven)
web-chart = Nodes and time per computer move
web-download = Download
web-download-record = Game record (JSON)
web-download-log = log.dat
web-mode = Mode
web-mode-human-computer = Human vs Computer
web-mode-computer-computer = Computer vs Computer
web-mode-human-human = Human vs Human
web-you-play = You play
web-side-white-first = White (you start)
web-side-black = Black
web-computer-player = Computer player
web-engine-cavalo = cavalo (strongest)
web-engine-classic = classic (course alpha-beta)
web-engine-greedy = greedy
web-engine-random = random
web-level = Level
web-level-full = 8 (full strength)
web-level-beginner = 1 (beginner)
web-time-per-move = Time per move (ms)
web-board-and-rules = Board and rules
web-seed = Seed (empty: a new random board)
web-position = Or a position: a position string, a course Lisp board, or seed:N
web-threat-rule = Threat rule (no landing where the other knight could jump)
web-zero-double = 00 is a double
web-public = List it for everyone on this server (anyone may watch it; only its players play)
web-cancel = Cancel
web-start = Start
web-close = Close
web-burn-hint = Landing on { $number } at { $cell } removes another double: click the one to remove, ringed in red on the board (the highest by default: Enter; Esc cancels).
web-burn-cell = a double you may remove: click to remove it
web-burn-landing = where the knight lands
web-coach = The move shown and the exercise
web-game-over = Game over
web-review-game = Review the game
web-games-title = Your games and the public ones
web-loading = Loading…
web-no-games = No games of yours and no public games yet.
web-keys-title = Keyboard
web-key-tab = reach the board (and the buttons)
web-key-arrows = on the board: move the cursor
web-key-enter = on the board: play to the cell under the cursor
web-key-left-right = elsewhere: step back and forth through the game
web-key-home-end = the first position, the current one
web-key-letters = hint, take back, show threatened cells, new game
web-summary-player = Player
web-summary-points = Points
web-summary-moves = Moves
web-summary-passes = Passes
web-summary-time = Time
web-summary-searches = Searches
web-summary-nodes = Nodes analysed
web-summary-alpha = Alpha cuts
web-summary-beta = Beta cuts
web-summary-mean-depth = Mean depth
web-summary-max-depth = Max depth
web-thinking = { $who } is thinking…
web-waiting = { $who } is waiting for a free engine…
web-hint-prefix = Hint:
web-last-search = Last search: { $side } played { $move }
web-depth = Depth
web-value = Value
web-nodes = Nodes
web-time = Time
web-speed = Speed
web-cuts = α / β cuts
web-pv = PV
web-proven = proven
web-reviewing = Reviewing the position after ply { $ply } of { $total } (End returns to the game).
web-you = You
web-side-to-move = { $side } to move: { $count ->
    [one] { $count } legal move.
   *[other] { $count } legal moves.
}
web-to-move = { $who } to move ({ $side }): { $count ->
    [one] { $count } legal move.
   *[other] { $count } legal moves.
}
web-forced = { $side } plays the forced move { $move }.
web-cannot-move = You cannot move there. Legal moves: { $moves }.
web-game-info = Game { $id } · { $mode } · { $ms } ms per move · start { $start }
web-no-threat-rule = no threat rule
web-zero-not-double = 00 not a double
web-last-move = last move
web-threatened = threatened
web-suggested = suggested
# The page's board cells (read out by screen readers), chart and list of games.
web-removed = removed
web-white-knight = white knight
web-black-knight = black knight
web-legal-move = legal move
web-legal-choice = legal move with a choice of double
web-chart-empty = No computer moves yet.
web-chart-axis = ply (bars: nodes, line: time)
web-chart-label = Nodes analysed (bars) and time in milliseconds (line) for each computer move
web-chart-bar = ply { $ply } { $move }: { $nodes } nodes, { $time } ms
web-analysis = Analysis
web-analysis-about = The engine judges every move of the game: points lost against the best move, exact where it proved the values to the end of the game.
web-analysis-nothing-yet = No move to analyse yet.
web-analysis-start = Analyse the game
web-analysis-again = Analyse again
web-analysis-queued = Waiting for a free engine…
web-analysis-running = Analysing: { $done } of { $total } positions
web-analysis-partial = Analysis of the first { $plies ->
    [one] ply
   *[other] { $plies } plies
} (the game has moved on).
web-analysis-accuracy = Accuracy
web-analysis-accuracy-title = share of the judged moves that lost less than an inaccuracy
web-analysis-loss = Mean loss
web-analysis-loss-title = points lost per judged move, on average
web-analysis-chart-label = Value of each position from White's view (above the middle line White is ahead; thick line: exact values); click to go to a ply
web-analysis-chart-axis = ply (thick: exact)
web-analysis-chart-point = ply { $ply }: { $value }
web-analysis-at-start = The start. Step through the game with ← and → or click the chart.
web-analysis-ply = { $ply }. { $move }: { $value }; best { $best } ({ $best_value }), { $loss ->
    [0] no points lost
    [one] 1 point lost
   *[other] { $loss } points lost
}
web-analysis-ply-best = { $ply }. { $move }: { $value }, the best move
web-analysis-ply-best-unclear = { $ply }. { $move }: { $value }, the move its search found best, though it valued it { $best_value }: unclear, the other moves' values may be as far off ({ $margin } points)
web-analysis-ply-forced = { $ply }. { $move }: the only legal move ({ $value })
web-analysis-mark-inaccuracy = inaccuracy
web-analysis-mark-mistake = mistake
web-analysis-mark-blunder = blunder
web-analysis-mark-loss = { $mark }: { $loss ->
    [one] 1 point lost
   *[other] { $loss } points lost
}
web-analysis-mark-turning = turning point: who is ahead changed, or many points were lost
web-analysis-mark-exact = exact value, proven to the end of the game
web-analysis-mark-forced = forced: the only legal move
web-analysis-legend = ?! inaccuracy · ? mistake · ?? blunder · ∞ unclear · ! turning point · ≡ exact (also a proven value in the move list) · □ forced; a dotted mark is uncertain (the move may be worse). Values: expected final points difference, mover's view on the board, White's view on the chart. Arrows: green the move played, dashed blue the best.
web-analysis-ply-unjudged = { $ply }. { $move }: { $value }; best { $best } ({ $best_value }), not judged
web-analysis-margin = (measured { $measured }, less { $margin } for the searches' own uncertainty)
web-analysis-mark-uncertain = uncertain (dotted): the searches' uncertainty lowered the class; the move may be worse
web-analysis-mark-unclear = unclear: the loss measured is within the searches' own uncertainty, so they cannot tell whether the move was good (not counted in the accuracy)
web-analysis-ply-unclear = { $ply }. { $move }: { $value }; best { $best } ({ $best_value }), unclear: { $measured } points measured, within the searches' uncertainty of { $margin }
web-analysis-refined = (searched again with more nodes)
web-analysis-too-small = The searches were too small to judge (a median of { $nodes } nodes per position): the values are shown, the moves are not classed.
web-exercises-start = Learn from your mistakes
web-exercises-none = This game has no mistakes to learn from.
web-exercise-title = Exercise { $n } of { $total }
web-exercise-task = Ply { $ply }: { $side } played { $move } and lost { $loss ->
    [one] 1 point
   *[other] { $loss } points
}. Find a better move on the board.
web-exercise-searching = Judging your move…
web-exercise-best-same = Well done: { $move } is the best move ({ $value }).
web-exercise-best = Well done: { $move } ({ $value }) is as good as the best move, { $best } ({ $best_value }).
web-exercise-better = Better than { $played } ({ $played_value }): { $move } is worth { $value }. The best was { $best } ({ $best_value }).
web-exercise-no-better = Not better: { $move } is worth { $value }, the move played { $played } { $played_value }. The best was { $best } ({ $best_value }).
web-exercise-line = The best line: { $pv }
web-exercise-again = Try again
web-exercise-next = Next exercise
web-exercise-close = Stop the exercises
web-think = Think about this position
web-think-stop = Stop thinking
web-think-waiting = Waiting for a free engine…
web-think-running = Thinking: depth { $depth }, { $value }, { $nodes } nodes
web-think-done = The engine's line: depth { $depth }, { $value }, { $nodes } nodes
web-think-failed = The engine could not think about this position (the game is over there, or the server is busy).
web-upload-title = Analyse a game from a file
web-upload-help = A game record (JSON, as Cavalo saves it) or a log.dat; for a log of several games, the beginning of the game's id. The game is kept on this server to be analysed: anyone with its link may watch it, nobody plays it.
web-upload-file = File
web-upload-game = Game id (log.dat)
web-upload-button = Open and analyse
web-pass = pass
web-human = human
web-start-position = position
web-game-playing = playing
web-game-public = public
web-game-abandoned = abandoned
web-game-uploaded = uploaded from a file
web-upload-several = This log holds { $count } games: pick the one to open.
web-upload-choice = { $date } · { $white } – { $black } · { $result ->
    [white] White won
    [black] Black won
    [draw] draw
   *[other] unfinished
} { $wpoints }–{ $bpoints } · { $plies ->
    [one] 1 ply
   *[other] { $plies } plies
}

# cavalo analyse: the engine's judgement of a played game.
analyse-title = Analysis of game { $game }: White { $white }, Black { $black }; { $budget } per position, { $threads ->
        [one] { $threads } thread
       *[other] { $threads } threads
    }
analyse-thresholds = Points lost: good below { $inaccuracy }, inaccuracy from { $inaccuracy }, mistake from { $mistake }, blunder from { $blunder }; turning point (!): the lead changes or { $swing } points or more lost.
analyse-budget-nodes = { $nodes } nodes
analyse-columns = ply side played best value after measured margin loss class
analyse-exact-note = Values: expected final points difference from the mover's view (value: the best move's, from the search of the position after it where the move played was another; after: the move played's); * exact (proven to the end of the game).
analyse-forced = forced
analyse-margin-note = Measured: value less after (0 for the best move). Loss: points lost counted, the loss measured less the margin: { $factor } times the larger spread of the two searches (how far each value moved in its last iteration, or, if more, how far it was from a proven value next to it), none when both are exact; for the move its search found best, how far that search valued it from its proven value (0 while that is unproven); ? the margin lowered the class; unclear: the loss counted would be good but the margin could hide a mistake (measured plus margin reaches the mistake threshold), so the searches cannot tell (not judged, counted apart). Noise of this game (median spread): { $noise } points.
analyse-too-small = Budget too small to judge: the searches examined { $nodes } nodes per position (median), fewer than { $min }, where the analysis misjudges even the engine's own moves too often; no move is classed. Analyse with more nodes or time.
analyse-refined = Searched again where the verdict was unsure: { $count ->
        [0] no ply
        [one] ply { $plies }
       *[other] plies { $plies }
    } ({ $searches } positions, { $proven } proven; { $nodes } of { $max } nodes for the game).
analyse-not-judged = { $side }, { $who }: not judged (budget too small).
analyse-class-good = good
analyse-class-inaccuracy = inaccuracy
analyse-class-mistake = mistake
analyse-class-blunder = blunder
analyse-class-unclear = unclear
analyse-side = { $side }, { $who }: { $judged ->
        [one] { $judged } move judged
       *[other] { $judged } moves judged
    }, accuracy { $accuracy }% (share of good moves), mean loss { $loss } points; { $good ->
        [one] { $good } good
       *[other] { $good } good
    }, { $inaccuracies ->
        [one] { $inaccuracies } inaccuracy
       *[other] { $inaccuracies } inaccuracies
    }, { $mistakes ->
        [one] { $mistakes } mistake
       *[other] { $mistakes } mistakes
    }, { $blunders ->
        [one] { $blunders } blunder
       *[other] { $blunders } blunders
    }; { $unclear } unclear
analyse-turning = Turning points (ply move (White's view before→after)): { $plies }
analyse-no-turning = No turning points.
analyse-last = Final value (White's view): { $value }
analyse-chart-written = Chart written to { $path }
analyse-json-written = Analysis (JSON) written to { $path }

## Match and tournament reports (cavalo match, cavalo tournament; --json stays language-neutral)

# The labels of the match summary's lines (the program pads them into a column).
report-label-match = Match
report-label-setup = Setup
report-label-games = Games
report-label-score = Score
report-label-elo = Elo
report-label-los = LOS
report-label-pairs = Pairs
report-label-margin = Margin
report-label-forfeits = Forfeits
report-label-sprt = SPRT
report-label-tournament = Tournament
report-vs = { $engine1 } vs { $engine2 }
report-setup = seeds { $seeds } ({ $planned }), { $limits }, { $rules }
report-planned = { $count ->
    [one] { $count } game planned
   *[other] { $count } games planned
}
report-seeds-shard = { $seeds } shard { $shard }
report-seeds-merged = { $seeds } (merged from { $files ->
    [one] { $files } file
   *[other] { $files } files
})
# $rules: the rule variant in words (rules-canonical, or rules-no-threat and rules-no-zero-double);
# $variant: canonical or other.
report-rules = { $variant ->
    [canonical] rules { $rules }
   *[other] rules: { $rules }
}
report-games = { $games } ({ $pairs }): { $wins }, { $draws }, { $losses } for { $engine1 }
report-complete-pairs = { $count ->
    [one] { $count } complete pair
   *[other] { $count } complete pairs
}
report-wins = { $count ->
    [one] { $count } win
   *[other] { $count } wins
}
report-draws = { $count ->
    [one] { $count } draw
   *[other] { $count } draws
}
report-losses = { $count ->
    [one] { $count } loss
   *[other] { $count } losses
}
report-elo-won-all = { $elo } (every game won: no finite estimate; try a closer opponent)
report-elo-lost-all = { $elo } (every game lost: no finite estimate; try a closer opponent)
report-elo = { $elo } ±{ $margin } (95%: { $low } .. { $high }, { $model })
report-elo-none = n/a (no games)
report-pairs = [0, 0.5, 1, 1.5, 2] points for { $engine1 }: [{ $counts }]
report-margin = { $mean } points per pair for { $engine1 } (95%: { $low } .. { $high }, { $played })
report-pairs-played-out = { $count ->
    [one] { $count } pair played out
   *[other] { $count } pairs played out
}
report-forfeits = { $player } lost { $list }
report-forfeit-by = { $count } by { $reason }
serve-start-url = Cavalo is being served at { $url }
serve-start-stop = (open it in a browser; Ctrl-C stops)
serve-start-db = Games are kept in { $dir }
arena-no-database = there is no games database at { $db }: give the server's (--data-dir or --db)
arena-too-few-teams = the arena has { $count ->
    [one] one team
   *[other] { $count } teams
}: a championship needs at least two
arena-version-gone = the program of { $team } frozen for this championship is no longer in the database
serve-arena-no-sandbox = the arena needs a sandbox for the teams' programs, and there is none here: { $why }
serve-start-arena = The arena is on: class code { $code } (teams upload their programs with it); { $games ->
    [one] one arena game
   *[other] { $games } arena games
} at a time, { $ms } ms a move
serve-start-pool = { $engines ->
    [one] 1 engine
   *[other] { $engines } engines
} × ({ $hash } + { $proof }) MiB = at most { $total } MiB for search
report-forfeit-first = first { $reason }: { $example }
accuracy-best = best
accuracy-loss = loss
accuracy-summary = { $positions } positions (ply { $ply }, { $variants }): optimal { $optimal }%  mean loss { $loss } points  worst { $worst }
accuracy-bad = { $count ->
    [one] (1 position without a usable move, counted as its worst)
   *[other] ({ $count } positions without a usable move, each counted as its worst)
}
accuracy-warning = warning: seed { $seed } ({ $rules }): { $detail }
accuracy-more-failures = warning: { $count ->
    [one] 1 more position
   *[other] { $count } more positions
} without a usable move
progress-games = games
progress-positions = positions
records-holds-match = { $path } already holds games: add --resume to continue that match, or remove it
records-holds-tournament = { $path } already holds games: add --resume to continue that tournament, or remove it
report-forfeit-cases = Forfeits: the first game each player lost by each reason
report-col-reason = Reason
report-sprt = elo0 { $elo0 } elo1 { $elo1 } alpha { $alpha } beta { $beta }: LLR { $llr } bounds [{ $lower }, { $upper }] ({ $model }): { $verdict }
report-sprt-h1 = H1 accepted (elo >= { $elo1 } likely)
report-sprt-h0 = H0 accepted (elo <= { $elo0 } likely)
report-sprt-undecided = no decision yet
# Progress, on standard error: the first line and the progress bar's message.
report-match-start = { $engine1 } vs { $engine2 }: { $games } on seeds { $seeds }{ $already }, { $limits }
report-games-count = { $count ->
    [one] { $count } game
   *[other] { $count } games
}
report-already = ({ $count } already played)
report-progress-score = score { $score }%
report-tournament-start = { $about }: { $games }{ $shard }{ $already }
report-shard = shard { $shard }
# Why a game was lost by forfeit (records keep the English names).
reason-normal = played out
reason-illegal-move = illegal move
reason-timeout = timeout
reason-crash = crash
reason-malformed-output = malformed output
reason-line-too-long = line too long
reason-invalid-utf-8 = invalid utf-8
reason-second-bestmove = second bestmove
reason-refused-option = refused option
# The limits of every move.
report-limit-time = { $ms } ms per move (tolerance { $tolerance } ms)
report-limit-depth = depth { $depth }
report-limit-nodes = { $count ->
    [one] { $count } node
   *[other] { $count } nodes
}
report-limit-max = at most { $ms } ms per move
report-limit-engines = engine 1: { $limits1 }; engine 2: { $limits2 }
# The tournament's report: text and HTML page.
report-tournament-about = { $format } of { $players }, { $boards } per pairing (seeds { $first }..{ $last }), { $limits }, { $rules }
report-round-robin = round robin
report-gauntlet = gauntlet
report-players-count = { $count ->
    [one] { $count } player
   *[other] { $count } players
}
report-boards-count = { $count ->
    [one] { $count } board
   *[other] { $count } boards
}
report-games-of = { $games } of { $planned }
report-col-player = Player
report-col-points = Points
report-col-games = Games
report-col-wdl = W-D-L
report-col-score = Score
report-col-margin = Margin
report-col-forfeits = Forfeits
report-col-w = W
report-col-d = D
report-col-l = L
report-col-name = Name
report-anchor = anchor
report-na = n/a
report-forfeit-count = { $count } { $reason }
report-ratings-note = Ratings: maximum likelihood (Bradley-Terry) over all games, one virtual draw per pairing, { $anchor } anchored at { $elo }; ± is the 95% interval.
report-margin-note = Margin: mean board points difference per game (own minus opponent's).
report-crosstable = Crosstable (points/games of the row against the column)
report-players = Players
report-standings = Standings
report-html-games = Games: { $games } of { $planned }.
report-html-note = Ratings: maximum likelihood (Bradley-Terry) over all games, one virtual draw per pairing, { $anchor } anchored at { $elo }; the 95% column is the half-width of the interval. Margin: mean board points difference per game.

# Why a saved game is not a game (after "Invalid saved game:").
restore-json = not a saved game ({ $reason })
restore-ply = ply { $ply }: { $error }
restore-numbering = ply { $index } is numbered { $number }

# Why a starting position is invalid (after "Invalid starting position:").
pos-fields = a position string has 4 fields (cells, side, White's points, Black's points), not { $found }
pos-rows = the cells are 10 rows separated by `/`, not { $found }
pos-row-cells = row { $row } has { $found } cells, not 10 separated by `,`
pos-cell-token = cell { $cell }: `{ $token }` is not a number from 00 to 99, `.`, `W` or `B`
pos-side-field = the side to move is `w` or `b`, not `{ $found }`
pos-points-field = { $side }'s points: `{ $found }` is not a whole number from 0 to 4950
pos-points-too-high = { $side }'s points, { $points }, exceed 4950, the sum of all the numbers
pos-seed = `{ $text }` is not a seed (a whole number from 0 to 2^64-1)
pos-lisp-extras = a side and points are only for Lisp boards: a position string carries its own
pos-other = { $reason }
pos-lisp = Lisp board: { $reason }
pos-value-range = { $cell } holds { $value }, which is not from 0 to 99
pos-duplicate = the number { $value } appears twice ({ $first } and { $second })
pos-two-knights = two knights of { $side } ({ $first } and { $second })
pos-white-places-first = before the placements White is to play (`w`), not Black
pos-black-places-second = after White's placement Black is to place (`b`), not White
pos-black-without-white = a black knight without a white knight: White places first
lisp-no-opening = expected `(` to open the list of rows
lisp-too-few-rows = found { $found } rows, expected 10
lisp-row-opening = row { $row }: expected `(`, found `{ $found }`
lisp-ends-before-row = the board ends before row { $row }
lisp-ends-inside-row = the board ends inside row { $row }
lisp-short-row = row { $row } has { $found } cells, expected 10
lisp-long-row = row { $row } has more than 10 cells (`{ $found }`)
lisp-row-not-closed = row { $row } is not closed
lisp-too-many-rows = more than 10 rows (found `{ $found }`)
lisp-not-closed = the list of rows is not closed
lisp-trailing = unexpected `{ $text }` after the board
lisp-cell = cell { $cell }: `{ $token }` is not a number from 0 to 99, NIL, -1 or -2
# Forfeits of matches and tournaments, worded from the referee's data.
forfeit-case = game { $game } (seed { $seed }): { $player } ({ $side }) { $when }: { $what }{ $stderr }
forfeit-at-load = at load, before the first move
forfeit-at-ply = at ply { $ply }
forfeit-stderr = ; last lines on standard error: { $lines }
forfeit-with-limit = { $what } (limit { $limit })
forfeit-limit-time = { $ms } ms + { $tolerance } ms tolerance
forfeit-limit-max = { $ms } ms
fault-cannot-start = cannot start `{ $program }`: { $error }
fault-hint-sbcl = is SBCL installed? (apt-get install sbcl, or give sbcl=PATH)
fault-with-hint = { $fault } ({ $hint })
fault-no-thread = cannot start a thread: { $error }
fault-cannot-read-program = cannot read the Lisp program `{ $path }`: { $error }
fault-no-adapter = cannot write the Lisp adapter to { $path }: { $error }
fault-no-sandbox = cannot start the program in its sandbox: { $why }
sandbox-no-bwrap = bubblewrap (bwrap) is not installed: install it (Debian: apt-get install bubblewrap)
sandbox-refused = bubblewrap cannot make a sandbox on this machine: { $said }
sandbox-sbcl = cannot find SBCL's files ({ $sbcl }): { $said }
sandbox-folder-too-big = the folder { $folder } holds more than { $files } files or { $kib } KiB: give the team's files a folder of their own
sandbox-copy = cannot copy the team's files from { $folder }: { $said }
program-no-files = the program has no file: send at least the file to load
program-too-many-files = { $count } files: at most { $max }
program-too-big = the files hold { $kib } KiB: at most { $max } KiB in all
program-bad-name = `{ $name }` is not a file name: letters, digits, `.`, `-` and `_`, at most { $max }, not starting with `.`
program-twice = two files are named `{ $name }`
program-not-text = `{ $name }` is not a text file (it holds control characters)
program-no-entry = say which of the files to load (entry)
program-no-such-entry = the file to load, `{ $entry }`, is not among the files
program-referee-key = `{ $key }` is set by the referee, not by the team
fault-stopped-reading = the program stopped reading its input: cannot send `{ $line }` ({ $error })
fault-exited-waiting = the program exited{ $status } while the referee waited for `{ $reply }`
fault-exited-sending = the program exited{ $status }: cannot send `{ $line }` ({ $error })
fault-exit-code = exit status { $code }
fault-exit-signal = signal { $signal }
fault-sign-heap = heap exhausted: the program used all of its { $mb } MiB (give heap-mb=… for more, or keep less in memory)
fault-sign-stack = control stack exhausted (infinite recursion?)
fault-sign-memory = memory limit reached: the program used all of its { $limit } MiB of memory, its { $heap } MiB heap (heap-mb), foreign memory, threads and SBCL's own spaces together (give heap-mb=… for more, or keep less in memory)
fault-with-sign = { $sign }: { $fault }
fault-late-load = { $program } did not finish loading within { $ms } ms (give load-ms=… for a slow load)
fault-no-handshake = no `ugiok` within { $ms } ms
fault-no-reply = no `{ $reply }` in time
fault-no-bestmove = no bestmove within the time limit
fault-too-late = answered { $mv } after { $ms } ms
fault-line-too-long = the program wrote a line longer than { $bytes } bytes while the referee waited for `{ $reply }`: every line must end with a newline and stay under { $kib } KiB
fault-not-utf8 = the program wrote bytes that are not UTF-8 text (`{ $text }`) while the referee waited for `{ $reply }`: the protocol is UTF-8 text, check the encoding of the output
fault-second-bestmove = the program answered one `go` with two bestmove lines (`bestmove { $first }`, then `{ $line }`): the protocol allows exactly one `bestmove` per `go`
fault-empty-bestmove = `bestmove` without a move
fault-unexpected = unexpected output `{ $line }`
fault-refused-option = `{ $program }` refused `{ $command }`: { $said }
fault-panicked = the built-in player panicked
fault-illegal = illegal move `{ $mv }`: { $reason }; the position was { $position }; the legal moves were: { $legal }
fault-engine-had-said = { $fault } (the program had said: { $said })
fault-said-illegal = { $why }; the position was { $position }; the legal moves were: { $legal }
fault-not-a-move-said = `bestmove { $mv }` is not a move; the program said: { $said }
fault-not-a-move = `{ $mv }` is not a move
fault-illegal-lisp = illegal move `{ $mv }`: { $reason }; { $answer }; the position was { $position }; the legal moves were: { $legal }
# The Lisp adapter's reports (a team's program in Common Lisp).
lisp-signalled = the program crashed: { $condition }, in the function { $function }
lisp-frames = ; the team's calls, innermost first: { $frames }
lisp-state = ; { $function } was given the state { $state }
lisp-condition = `{ $kind }`: { $text }
lisp-condition-type = `{ $kind }`: the value { $datum } is not of type { $expected }
lisp-condition-undefined = `{ $kind }`: the function { $name } is not defined
lisp-condition-unbound = `{ $kind }`: the variable { $name } has no value
lisp-condition-division = `{ $kind }`: division by zero
lisp-cannot-load = cannot load { $file }: { $problem }
lisp-load-line = line { $line }
lisp-load-read = read error: { $text }
lisp-load-read-eof = read error: end of file inside a form (a parenthesis or a string not closed?)
lisp-load-reads-input = it reads standard input, which is empty under the referee (read nothing at load)
lisp-no-function = { $file } defines no function { $function } (give function=NAME)
lisp-stack = control stack exhausted in `{ $function }` (infinite recursion?)
lisp-returned-nil = the function returned NIL (no move) but { $side } has { $count ->
    [one] 1 legal move
   *[other] { $count } legal moves
}: { $legal }
lisp-cell-answer = the answer { $answer } is the cell { $cell }, rows and columns counted from { $base } (give `cell-base={ $other }` if the program counts them from { $other })
lisp-cell-off = the answer { $answer } is off the board, rows and columns counted from { $base } (give `cell-base={ $other }` if the program counts them from { $other })
lisp-must-pass = { $side } must pass, but the board returned is not the same board
lisp-no-knight = the board returned has no { $code } ({ $side }'s knight)
lisp-wrong-board = { $cells } (the board returned is not the board after the knight's move to { $dest }, a legal move: after landing the symmetric number is removed, and landing on a double removes another double)
lisp-difference = { $cell } should be { $should } but is { $is }
lisp-value-removed = NIL (removed)
lisp-value-white = -1 (white knight)
lisp-value-black = -2 (black knight)
lisp-not-an-answer = the function returned { $answer }, which is not a board, a cell or a move
# Errors of matches, tournaments and tuning.
record-missing = no `{ $field }` in meta
record-invalid = no valid `{ $field }` in meta
record-not-tournament = no valid `tournament` in meta: not a tournament's record
record-other-tournament = the record is of another tournament ({ $what } `{ $there }`, not `{ $here }`)
record-beyond-match = game { $game } is beyond this match's { $games } games
record-beyond-tournament = game { $game } is beyond the tournament's { $games } games
record-not-in-shard = game { $game } is not in shard { $shard }
record-other-players = game { $game } was played by { $found1 } vs { $found2 }, not { $want1 } vs { $want2 }
record-other-names = game { $game } was played by players named { $found1 } and { $found2 }, not { $want1 } and { $want2 }
record-other-seed = game { $game } was played on seed { $found }, not { $want }
record-other-rules = game { $game } was played with rules { $found }, not { $want }
record-misplaced = game { $game } was not played by the players or on the board it should
spec-not-a-file = the Lisp program `{ $path }` is not a file
spec-cannot-read = cannot read the Lisp program `{ $path }`: { $error }
spec-not-found = cannot read the Lisp program `{ $path }`: no such file
spec-same-name = two players are named `{ $name }`: give each its own name (name=TEXT)
plan-too-few-players = a tournament needs at least two players
plan-no-boards = a tournament needs at least one board per pairing
plan-twice = { $player } is given twice
sprt-hypotheses = SPRT needs elo0 < elo1, got { $elo0 } and { $elo1 }
sprt-probability = SPRT { $name } must be between 0 and 0.5, got { $value }

# `cavalo stats`: how a logged game ended, and its status.
stats-outcome-white = White won
stats-outcome-black = Black won
stats-outcome-draw = draw
stats-outcome-none = no result
stats-status-over = over
stats-status-quit = abandoned
stats-status-playing = unfinished
# `cavalo stats --svg` and `cavalo analyse --svg`: the charts.
chart-stats-title = Game { $n } ({ $id }): time and nodes per move
chart-time-per-move = time per move (ms)
chart-nodes = nodes analysed
chart-stats-legend = { $side }: { $who }; x axis: ply number
chart-analysis-title = Analysis of game { $id }; x axis: ply number
chart-value = value after the ply, White's view (points; above 0: White ahead)
chart-value-legend = White { $white } / Black { $black }
chart-exact = exact (proven)
chart-turning = turning point

## cavalo games list and cavalo games show (the games database)

# The columns of `cavalo games list`.
games-col-id = id
games-col-created = created
games-col-mode = mode
games-col-white = white
games-col-black = black
games-col-status = status
games-col-result = result
games-col-points = points
games-col-plies = plies
# A game's mode, status and winner in the list and in `games show`.
games-mode-human-computer = human-computer
games-mode-computer-computer = computer-computer
games-mode-human-human = human-human
games-status-playing = playing
games-status-over = over
games-status-quit = quit
games-winner-white = white
games-winner-black = black
games-winner-draw = draw
games-count = { $count ->
    [one] { $count } game
   *[other] { $count } games
} in { $path }
# `cavalo games show`: the labels of the set-up lines, and their text.
games-show-game = game
games-show-date = date
games-show-mode = mode
games-show-rules = rules
games-show-status = status
games-show-players = { $mode } (White { $white }, Black { $black })
games-show-setup = { $rules }, { $ms } ms per computer move, start { $start }
games-show-start-seed = seed { $seed }
games-show-state = { $status }, result { $result }, points { $points }
games-show-no-result = none
# The columns of the plies in `cavalo games show`, and who played each.
games-ply-col-ply = ply
games-ply-col-side = side
games-ply-col-player = player
games-ply-col-move = move
games-ply-col-gained = points
games-ply-col-total = total
games-ply-col-time = time-ms
games-ply-col-nodes = nodes
games-ply-col-depth = depth
games-ply-col-value = value
games-ply-col-pv = pv
games-by-forced = forced
games-by-human = human
games-by-computer = computer

## Details quoted after a sentence that says the problem: the system's, a JSON reader's or
## a library's own words (in English), never instead of the sentence.

with-detail = { $sentence } (“{ $detail }”)

## What stops cavalo match, cavalo tournament and their merges

run-seeds-not-range = --seeds `{ $given }` is not a range A..B of seeds such as 1..50
run-seeds-empty = --seeds `{ $given }`: the range is empty
run-games-odd = --games must be even and positive (each board is played twice), not { $games }
run-at-least-one = { $flag } must be at least 1
run-options-not-external = --{ $flag } is for external engines (cmd:...); give a built-in cavalo its options as `cavalo:hash=16,threads=2`
run-option-not-name-value = --{ $flag } `{ $given }` is not NAME=VALUE
run-bad-player = { $flag } `{ $given }`: { $reason }
run-bad-shard = --shard `{ $given }` is not a shard K/N with 1 <= K <= N, such as 2/8
run-cannot-read = cannot read { $path }
run-cannot-write = cannot write { $path }
run-at-line = { $path }, line { $line }
run-not-record = { $at } is not a game record
run-torn-line = note: the last line of { $path } was cut off (a run stopped while writing it) and is ignored
run-in-line = { $at }: { $problem }
run-resume-line = --resume: { $at }: { $problem }
run-named-twice = { $path } is named twice
run-game-twice = game { $game } is in { $first } and in { $second }: shards must not overlap
run-resume-twice = --resume: { $at }: game { $game } is there twice
run-no-games = no games in { $paths }
run-other-match = game { $game } is of another match: { $what } `{ $there }`, but `{ $here }` in { $first }
run-other-tournament = the record is of another tournament: { $what } `{ $there }`, but `{ $here }` in { $first }
run-not-tournament-record = no `tournament` in meta: not a record of cavalo tournament
run-no-anchor = --anchor { $name }: no such player (players: { $players })
run-missing-game = game { $game } ({ $about })
run-missing-games = games { $first }..{ $last } ({ $about })
run-missing-more = { $count ->
    [one] and { $count } more range
   *[other] and { $count } more ranges
}
run-missing-one = { $list } is missing
run-missing-many = { $list } are missing
run-missing-refused = { $missing }: is a shard's file left out? (--partial merges the games there are)
run-missing-note = note: { $missing }; the report counts the games there are
run-seed = seed { $seed }
run-seeds = seeds { $first }..{ $last }
run-pairing = { $first } vs { $second }, { $seeds }
# What two records of one match or tournament must share.
aspect-engine-name = the name of engine { $n }
aspect-engine-spec = the spec of engine { $n }
aspect-players = the players
aspect-names = the players' names
aspect-format = the format
aspect-first-seed = the first board's seed
aspect-boards = the boards per pairing
aspect-rules = the rules
aspect-limits = the limits per move
# Why a text names no player of a match or tournament (--engine1, --player).
spec-no-command = `cmd:` needs a command, such as `cmd:./my-engine`
spec-no-lisp-file = `lisp:` needs the team's file, such as `lisp:team.lisp,function=jogar`
spec-not-key-value = `{ $item }` is not KEY=VALUE (keys: { $keys })
spec-unknown-key = unknown key `{ $key }` (keys: { $keys })
spec-glue-bad = `{ $key }={ $value }`: expected { $expected }
spec-unknown-player = unknown player `{ $player }`: use `{ $help }`, or cmd:COMMAND for an external engine, or lisp:FILE for a Lisp program
spec-name-twice = `name=` is given twice
spec-name-empty = the name is empty: give the player a name, such as `name=Equipa 1`
spec-name-long = the name `{ $name }` is longer than { $max } characters
spec-name-hidden = the name holds a character that is not printable
spec-expect-function = a Lisp function's name, such as `jogar`
spec-expect-state = `board-points`, `points-board` or `board`
spec-expect-args = `state`, `time` and `side` joined by + (each at most once, `state` needed), such as `state+time+side`
spec-expect-yes-no = `yes` or `no`
spec-expect-positive = a positive number, such as 1000 or 0.001
spec-expect-reserve = a whole number of milliseconds up to 60000
spec-expect-cell-base = 0 or 1
spec-expect-forced = `adapter` or `team`
spec-expect-millis = a whole number of milliseconds from { $min } to { $max }
spec-expect-mebibytes = a whole number of MiB from { $min } to { $max }
spec-expect-sbcl = the path of the SBCL program
# The command line of cavalo match and cavalo tournament, when it is not understood.
usage-invalid-value = `{ $value }` is not a value { $arg } takes
usage-empty-value = { $arg } needs a value
usage-not-whole = { $arg } takes a whole number, not `{ $value }`
usage-too-large = { $arg }: `{ $value }` is too large
usage-not-number = { $arg } takes a number, not `{ $value }`
usage-bad-lang = `{ $value }` is not a language: use pt or en
usage-unknown-argument = there is no option { $arg }
usage-suggest = { $error }; did you mean { $suggestion }?
usage-missing = these must be given: { $args }
usage-conflict = { $arg } cannot be given with { $other }
usage-other = the command line is not understood
usage-help = For more, try '--help'.
# Why the web server's analysis of a game failed.
analysis-fail-closing = the server is closing
analysis-fail-crashed = the analysis stopped unexpectedly
analysis-fail-record = the game's moves could not be replayed
analysis-fail-unreadable = the stored analysis cannot be read
# The page's arena tab (#/arena): the standings, the games and the upload of a team's program.
web-arena = Arena
web-arena-back = Back to the board
web-arena-intro = Teams upload their Lisp programs; the arena plays each new version against Cavalo's levels first (its qualification), then against every other team's current version, with both colours.
web-arena-standings = Standings
web-arena-col-team = Team
web-arena-col-version = Version
web-arena-col-games = Games
web-arena-col-score = Score
web-arena-col-score-title = points in the games against the other teams
web-arena-col-rating = Rating
web-arena-col-rating-title = Elo rating, Cavalo's level 1 at 0, ± half its 95% interval
web-arena-col-level = Level beaten
web-arena-col-level-title = the highest level of Cavalo it beat
web-arena-col-forfeits = Forfeits
web-arena-col-forfeits-title = games lost by forfeit
web-arena-qualifying = qualifying…
web-arena-no-level = none
web-arena-playing = playing
web-arena-no-teams = No program yet: upload the first one.
web-arena-total = { $count ->
    [one] one arena game in all
   *[other] { $count } arena games in all
}
web-arena-time = { $ms } ms per move
web-arena-version = { $team } v{ $version }
web-arena-upload-title = Upload a program
web-arena-team = Team
web-arena-code = Class code
web-arena-files = Files
web-arena-files-help = Lisp source files, as text: at most 8 files, 512 KiB in all.
web-arena-files-total = { $count ->
    [one] one file
   *[other] { $count } files
}, { $size } KiB of { $max } KiB
web-arena-too-many = Too many files: at most { $max }.
web-arena-too-big = Too big: at most { $max } KiB in all.
web-arena-no-files = Choose the program's files first.
web-arena-entry = File to load
web-arena-glue = How the arena calls your function
web-arena-glue-help = Empty: the defaults, shown in grey. The arguments are state, time and side joined by +; the state is board-points, points-board or board. More in the championship guide.
web-arena-function = Function
web-arena-args = Arguments
web-arena-state = State
web-arena-send = Send
web-arena-taken = Program received: { $version }. It plays its qualification against Cavalo's levels first; its games appear below.
web-arena-recent = Recent games
web-arena-games-of = Games of { $version }
web-arena-games-old = Games of an earlier version
web-arena-all-games = All recent games
web-arena-no-games = No game yet.
web-arena-last-forfeit = Last forfeit
web-arena-stage-qualification = qualification
web-arena-stage-ladder = between teams
web-arena-open = Open
web-arena-watch = Watch live
web-arena-open-title = Open it on the board: watch it live, or ask for its analysis once it is over
web-arena-forfeit = { $who } lost by forfeit { $when }: { $message }
web-arena-stderr = { $count ->
    [one] its last line on standard error
   *[other] its last { $count } lines on standard error
}
web-arena-end-normal = played out
web-arena-end-illegal-move = illegal move
web-arena-end-timeout = timeout
web-arena-end-crash = crash
web-arena-end-malformed-output = malformed output
web-arena-end-line-too-long = line too long
web-arena-end-invalid-utf-8 = invalid UTF-8
web-arena-end-second-bestmove = second bestmove
web-arena-end-refused-option = refused option
web-arena-championship = The championship's report
