//! Team programs for the arena, built as data: what a class's teams upload (their Common Lisp
//! files, the file to load and the glue), generated in many shapes and strengths, a few broken on
//! purpose, and the hostile programs the arena's sandbox must survive. Standard library only, so
//! that an example, an integration test or a throwaway `rustc` program can include it with
//! `#[path = "arena_teams/mod.rs"] mod arena_teams;`.
//!
//! Every team carries its own copy of the course's rule helpers (`destinos`, `celula`, `mover`,
//! …: `adapters/lisp/examples/course-rules.lisp`), inline or as a file of its own loaded by a
//! relative path, since a program in the sandbox sees nothing but its own folder. Every file's
//! first line says what the team is (and, for one broken on purpose, how it breaks).

#![allow(dead_code)]

use std::fmt::Write as _;

/// The course's rule helpers, as the teams copy them into their programs.
const COURSE_RULES: &str = include_str!("../../../../adapters/lisp/examples/course-rules.lisp");

/// A team's program as the arena's upload takes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Team {
    /// The team's name, e.g. "Equipa 07".
    pub name: String,
    /// The files, as (file name, text); plain names like "equipa.lisp".
    pub files: Vec<(String, String)>,
    /// The file to load (None when there is only one file).
    pub entry: Option<String>,
    /// The glue keys of a `lisp:` player spec, e.g. ("args", "state+time+side").
    pub options: Vec<(String, String)>,
}

impl Team {
    /// The JSON body of `POST /api/arena/programs` uploading this program with the team's `code`:
    /// `{"team":…,"code":…,"files":[{"name":…,"text":…}],"entry":…,"options":{…}}` (no `entry`
    /// when there is none).
    pub fn body(&self, code: &str) -> String {
        let mut out = String::from("{\"team\":");
        json_string(&mut out, &self.name);
        out.push_str(",\"code\":");
        json_string(&mut out, code);
        out.push_str(",\"files\":[");
        for (i, (name, text)) in self.files.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str("{\"name\":");
            json_string(&mut out, name);
            out.push_str(",\"text\":");
            json_string(&mut out, text);
            out.push('}');
        }
        out.push(']');
        if let Some(entry) = &self.entry {
            out.push_str(",\"entry\":");
            json_string(&mut out, entry);
        }
        out.push_str(",\"options\":{");
        for (i, (key, value)) in self.options.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            json_string(&mut out, key);
            out.push(':');
            json_string(&mut out, value);
        }
        out.push_str("}}");
        out
    }
}

/// Appends `s` to `out` as a JSON string.
fn json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// `s` as a Common Lisp string literal.
fn lisp_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// `n` generated teams, "Equipa 01" to "Equipa NN" (n up to 40): greedy players and small
/// alpha-beta players (depth 1 to 3; the points' difference, mobility or a mix; some ordering
/// their moves), in the shapes course programs have (the state and the side, White only, a cell
/// answered, the board alone, …), in one, two or three files. Team `i` depends on `i` alone, so
/// the same `n` gives the same programs. Among every ten, exactly one is broken on purpose, in
/// turn: it cannot be loaded (a parenthesis not closed), calls an undefined function on its
/// third move, answers a cell no knight's jump reaches on its second move, or sleeps for ever on
/// its second move.
pub fn generated(n: usize) -> Vec<Team> {
    (0..n).map(|i| build(&plan(i))).collect()
}

/// The hostile programs the arena must survive (each [`hostile`] builds one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hostile {
    /// Reads `/etc/passwd` at load (an error quoting it when it can), then plays like greedy.
    ReadsPasswd,
    /// Lists and reads the other team's folder at load, then plays like greedy.
    ReadsOtherTeam,
    /// Reads the server's database at load, then plays like greedy.
    ReadsDatabase,
    /// Opens a TCP connection to the server's port at load (an error "CONNECTED" when it can),
    /// then plays like greedy.
    ConnectsToServer,
    /// Forks for ever (sb-posix) at its first move.
    ForkBomb,
    /// Allocates without bound at its first move.
    Allocates,
    /// Writes 1 GiB to its standard output at its first move, then plays like greedy.
    FloodsStdout,
    /// Loops for ever at its first move.
    NeverAnswers,
    /// Signals an error at load (`(car 5)` in a function called at top level).
    ErrorsAtLoad,
    /// Answers a state whose board has 9 rows of 10.
    WrongShape,
}

impl Hostile {
    /// Every kind, in order.
    pub const ALL: [Hostile; 10] = [
        Hostile::ReadsPasswd,
        Hostile::ReadsOtherTeam,
        Hostile::ReadsDatabase,
        Hostile::ConnectsToServer,
        Hostile::ForkBomb,
        Hostile::Allocates,
        Hostile::FloodsStdout,
        Hostile::NeverAnswers,
        Hostile::ErrorsAtLoad,
        Hostile::WrongShape,
    ];
}

/// What a hostile program goes for: the other team's folder, the server's database file, the
/// server's port on 127.0.0.1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostileTarget {
    /// The folder of another team's files.
    pub other_team_dir: String,
    /// The server's database file.
    pub database: String,
    /// The server's port on 127.0.0.1.
    pub port: u16,
}

/// The hostile program of kind `kind` against `target`: a greedy player (two files, the course's
/// rules beside it, glue `args=state+time+side`) with the hostile behaviour added. A reader that
/// manages to read something signals an error quoting it (`LEAKED …`), so that a leak shows in
/// the forfeit's message; when it cannot (as in the sandbox), it plays on.
pub fn hostile(kind: Hostile, target: &HostileTarget) -> Team {
    let (name, what, at_load, first_move) = match kind {
        Hostile::ReadsPasswd => {
            ("Hostil passwd", "lê /etc/passwd ao carregar", READS_PASSWD.to_string(), String::new())
        }
        Hostile::ReadsOtherTeam => {
            let dir = format!("{}/", target.other_team_dir.trim_end_matches('/'));
            (
                "Hostil outra equipa",
                "lê a pasta de outra equipa ao carregar",
                READS_OTHER_TEAM.replace("@DIR@", &lisp_string(&format!("{dir}*.*"))),
                String::new(),
            )
        }
        Hostile::ReadsDatabase => (
            "Hostil base de dados",
            "lê a base de dados do servidor ao carregar",
            READS_DATABASE.replace("@DB@", &lisp_string(&target.database)),
            String::new(),
        ),
        Hostile::ConnectsToServer => (
            "Hostil rede",
            "liga-se ao porto do servidor ao carregar",
            CONNECTS.replace("@PORT@", &target.port.to_string()),
            String::new(),
        ),
        Hostile::ForkBomb => (
            "Hostil fork",
            "cria processos sem fim na primeira jogada",
            FORK_BOMB.to_string(),
            "(bomba)".to_string(),
        ),
        Hostile::Allocates => (
            "Hostil memória",
            "reserva memória sem fim na primeira jogada",
            "(defvar *tudo* '())\n".to_string(),
            "(loop (push (make-array 1000000) *tudo*) (push (make-list 10000) *tudo*))".to_string(),
        ),
        Hostile::FloodsStdout => (
            "Hostil stdout",
            "escreve 1 GiB na saída padrão na primeira jogada",
            String::new(),
            FLOOD.to_string(),
        ),
        Hostile::NeverAnswers => {
            ("Hostil sem resposta", "nunca responde à primeira jogada", String::new(), "(loop)".to_string())
        }
        Hostile::ErrorsAtLoad => (
            "Hostil carga",
            "erro ao carregar (car de 5)",
            "(defun preparar-tabela (x) (car x))\n(defparameter *tabela* (preparar-tabela 5))\n".to_string(),
            String::new(),
        ),
        Hostile::WrongShape => {
            ("Hostil forma", "responde um tabuleiro de 9 linhas", String::new(), String::new())
        }
    };
    let plan = Plan {
        index: 0,
        name: name.to_string(),
        style: Style::Greedy { gain: 1, own: 0, other: 0 },
        shape: Shape::StateSide { function: "jogar" },
        layout: Layout::Two,
        package: false,
        defect: Defect::None,
        names: ("equipa.lisp", "regras.lisp", ""),
        extra: Extra {
            what: what.to_string(),
            at_load,
            first_move,
            wrong_shape: kind == Hostile::WrongShape,
        },
    };
    build(&plan)
}

const READS_PASSWD: &str = r#"(let ((lido (ignore-errors
              (with-open-file (s "/etc/passwd")
                (format nil "~{~a~^ | ~}"
                        (loop for linha = (read-line s nil) while linha collect linha))))))
  (when lido (error "LEAKED /etc/passwd: ~a" lido)))
"#;

const READS_OTHER_TEAM: &str = r#"(let ((lido (loop for f in (sort (or (ignore-errors (directory @DIR@)) '()) #'string<
                                 :key #'namestring)
                  collect (format nil "~a: ~a" (file-namestring f)
                                  (or (ignore-errors
                                       (with-open-file (s f)
                                         (let* ((txt (make-string 60)) (n (read-sequence txt s)))
                                           (subseq txt 0 n))))
                                      "?")))))
  (when lido (error "LEAKED other team: ~{~a~^ | ~}" lido)))
"#;

const READS_DATABASE: &str = r#"(let ((lido (ignore-errors
              (with-open-file (s @DB@ :element-type '(unsigned-byte 8))
                (let* ((bytes (make-array 4096 :element-type '(unsigned-byte 8)))
                       (n (read-sequence bytes s)))
                  (coerce (loop for i from 0 below n for b = (aref bytes i)
                                when (<= 32 b 126) collect (code-char b))
                          'string))))))
  (when lido (error "LEAKED database: ~a" lido)))
"#;

const CONNECTS: &str = r#"(ignore-errors (require :sb-bsd-sockets))
(let ((ligado
        (ignore-errors
         (let* ((pacote (find-package "SB-BSD-SOCKETS"))
                (s (make-instance (find-symbol "INET-SOCKET" pacote) :type :stream :protocol :tcp)))
           (funcall (find-symbol "SOCKET-CONNECT" pacote) s #(127 0 0 1) @PORT@)
           (let ((canal (funcall (find-symbol "SOCKET-MAKE-STREAM" pacote) s
                                 :input t :output t :element-type 'character)))
             (format canal "GET / HTTP/1.0~c~c~c~c" #\Return #\Newline #\Return #\Newline)
             (finish-output canal))
           t))))
  (when ligado (error "CONNECTED to 127.0.0.1:@PORT@")))
"#;

const FORK_BOMB: &str = r#"(ignore-errors (require :sb-posix))
(defun bomba ()
  (let ((fork (find-symbol "FORK" "SB-POSIX")))
    (loop (when (zerop (funcall fork)) (bomba)))))
"#;

const FLOOD: &str = r#"(let ((bloco (make-string 1048576 :initial-element #\x)))
    (dotimes (i 1024) (write-string bloco *standard-output*))
    (finish-output *standard-output*))"#;

/// The evaluation at an alpha-beta player's leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Eval {
    /// The points' difference.
    Points,
    /// Mobility first (ten times the difference of the moves), the points' difference next.
    Mobility,
    /// The points' difference plus this many times the difference of the moves.
    Mix(u8),
}

/// How a team chooses its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Style {
    /// The move of the highest `gain` × points + `own` × own moves after − `other` × the other's.
    Greedy { gain: u8, own: u8, other: u8 },
    /// Negamax with alpha-beta to `depth`, evaluating with `eval`, the moves tried highest first
    /// when `ordered`.
    AlphaBeta { depth: u8, eval: Eval, ordered: bool },
}

/// The shape of the team's function (the glue it needs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// `(f estado tempo jogador)`, state `(board points)`, returns the new state.
    StateSide { function: &'static str },
    /// `(jogada-computador estado tempo-ms)`, White only, state `(points board)`.
    WhiteOnly,
    /// `(melhor-casa estado tempo jogador)`, returns `(row column)` counted from `base`.
    Cell { base: u8 },
    /// `(joga tabuleiro jogador)`, the board alone, returns the new board.
    BoardOnly,
    /// `(escolhe-casa jogador estado tempo)`, returns the cell's index row × 10 + column.
    Index,
    /// Like `StateSide`, but wants the time in seconds (time-scale=0.001) and says it on its
    /// standard output every move.
    Seconds,
}

/// The files a team's program is split in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layout {
    /// One file holding the rules and the player.
    One,
    /// The entry, and the rules in a file of their own.
    Two,
    /// The entry (the glue-facing function), the rules, and the search in a third file.
    Three,
}

/// How a team is broken on purpose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Defect {
    /// Not broken.
    None,
    /// A parenthesis not closed at the end of its last file: it cannot be loaded.
    LoadError,
    /// Calls an undefined function on its third move.
    UndefinedOnThird,
    /// Answers a cell no knight's jump reaches on its second move.
    IllegalMove,
    /// Sleeps for ever on its second move.
    SleepsForever,
}

/// What a hostile program adds to a plain player.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Extra {
    /// What it does, for its first line.
    what: String,
    /// Forms run at load, after the rules.
    at_load: String,
    /// Forms run at its first move.
    first_move: String,
    /// Whether it answers a 9 × 10 board.
    wrong_shape: bool,
}

/// Everything a team's program is made from.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Plan {
    index: usize,
    name: String,
    style: Style,
    shape: Shape,
    layout: Layout,
    /// Whether its code lives in a package of its own (`function=equipaNN::…`).
    package: bool,
    defect: Defect,
    /// The entry's, the rules' and the search's file names.
    names: (&'static str, &'static str, &'static str),
    extra: Extra,
}

/// A small deterministic generator (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }
}

/// The ways of being broken, in the order the decades take them.
const DEFECTS: [Defect; 4] =
    [Defect::LoadError, Defect::UndefinedOnThird, Defect::IllegalMove, Defect::SleepsForever];

/// Team `i`'s plan (from 0): depends on `i` alone.
fn plan(i: usize) -> Plan {
    let mut rng = Rng(0xCA7A_1000 ^ (i as u64).wrapping_mul(0x0100_0000_01B3));
    let decade = i / 10;
    let defect = if i % 10 == (4 + 3 * decade) % 10 { DEFECTS[decade % DEFECTS.len()] } else { Defect::None };
    let style = if i.is_multiple_of(3) {
        Style::Greedy { gain: 1 + rng.below(3) as u8, own: rng.below(3) as u8, other: rng.below(3) as u8 }
    } else {
        let eval = match rng.below(3) {
            0 => Eval::Points,
            1 => Eval::Mobility,
            _ => Eval::Mix(1 + rng.below(4) as u8),
        };
        Style::AlphaBeta { depth: 1 + rng.below(3) as u8, eval, ordered: rng.below(2) == 0 }
    };
    let shape = match (i + rng.below(6) as usize) % 6 {
        0 => Shape::StateSide { function: rng.pick(&["jogar", "jogada"]) },
        1 => Shape::WhiteOnly,
        2 => Shape::Cell { base: rng.below(2) as u8 },
        3 => Shape::BoardOnly,
        4 => Shape::Index,
        _ => Shape::Seconds,
    };
    let layout = match rng.below(3) {
        0 => Layout::One,
        1 => Layout::Two,
        _ => Layout::Three,
    };
    Plan {
        index: i,
        name: format!("Equipa {:02}", i + 1),
        style,
        shape,
        layout,
        package: rng.below(4) == 0,
        defect,
        names: (
            rng.pick(&["equipa.lisp", "projeto.lisp", "jogo.lisp", "cavalo.lisp", "main.lisp"]),
            rng.pick(&["regras.lisp", "tabuleiro.lisp", "course-rules.lisp", "regras-do-jogo.lisp"]),
            rng.pick(&["procura.lisp", "jogador.lisp", "algoritmo.lisp", "alfabeta.lisp"]),
        ),
        extra: Extra::default(),
    }
}

/// What the plan's player is, in words (the first line of its files).
fn describe(plan: &Plan) -> String {
    let style = match plan.style {
        Style::Greedy { gain, own, other } => {
            let mut s = format!("guloso: {gain}×pontos");
            if own > 0 {
                let _ = write!(s, " + {own}×jogadas próprias");
            }
            if other > 0 {
                let _ = write!(s, " − {other}×jogadas do adversário");
            }
            s
        }
        Style::AlphaBeta { depth, eval, ordered } => {
            let eval = match eval {
                Eval::Points => "diferença de pontos".to_string(),
                Eval::Mobility => "mobilidade (10×) e pontos".to_string(),
                Eval::Mix(w) => format!("pontos + {w}×mobilidade"),
            };
            let order = if ordered { ", jogadas ordenadas" } else { "" };
            format!("alfa-beta profundidade {depth}, {eval}{order}")
        }
    };
    let shape = match plan.shape {
        Shape::StateSide { .. } => "estado e lado, devolve o estado",
        Shape::WhiteOnly => "só brancas, (pontos tabuleiro)",
        Shape::Cell { base: 0 } => "devolve (linha coluna) desde 0",
        Shape::Cell { .. } => "devolve (linha coluna) desde 1",
        Shape::BoardOnly => "só o tabuleiro, devolve o tabuleiro",
        Shape::Index => "devolve o índice da casa",
        Shape::Seconds => "tempo em segundos, escreve na saída",
    };
    let defect = match plan.defect {
        Defect::None => "",
        Defect::LoadError => "; AVARIADA: um parêntese por fechar (não carrega)",
        Defect::UndefinedOnThird => "; AVARIADA: função indefinida na 3.ª jogada",
        Defect::IllegalMove => "; AVARIADA: casa ilegal na 2.ª jogada",
        Defect::SleepsForever => "; AVARIADA: dorme para sempre na 2.ª jogada",
    };
    let extra =
        if plan.extra.what.is_empty() { String::new() } else { format!("; HOSTIL: {}", plan.extra.what) };
    format!("{style}; {shape}{defect}{extra}")
}

/// The plan's package name, when it has one.
fn package(plan: &Plan) -> Option<String> {
    plan.package.then(|| format!("equipa{:02}", plan.index + 1))
}

/// The glue the plan's program needs.
fn options(plan: &Plan) -> Vec<(String, String)> {
    let function = |name: &str| match package(plan) {
        Some(p) => format!("{p}::{name}"),
        None => name.to_string(),
    };
    let mut o: Vec<(&str, String)> = Vec::new();
    match plan.shape {
        Shape::StateSide { function: f } => {
            if f != "jogar" || plan.package || plan.index % 2 == 1 {
                o.push(("function", function(f)));
            }
            o.push(("args", "state+time+side".into()));
        }
        Shape::WhiteOnly => {
            o.push(("function", function("jogada-computador")));
            o.push(("state", "points-board".into()));
            o.push(("white-only", "yes".into()));
        }
        Shape::Cell { base } => {
            o.push(("function", function("melhor-casa")));
            o.push(("args", "state+time+side".into()));
            if base == 1 {
                o.push(("cell-base", "1".into()));
            }
        }
        Shape::BoardOnly => {
            o.push(("function", function("joga")));
            o.push(("state", "board".into()));
            o.push(("args", "state+side".into()));
        }
        Shape::Index => {
            o.push(("function", function("escolhe-casa")));
            o.push(("args", "side+state+time".into()));
        }
        Shape::Seconds => {
            o.push(("function", function("jogar")));
            o.push(("args", "state+time+side".into()));
            o.push(("time-scale", "0.001".into()));
            o.push(("reserve-ms", "50".into()));
        }
    }
    o.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
}

/// The search: `escolher` (the cell to play, or NIL) and `decidir` (which breaks, when broken).
fn search(plan: &Plan) -> String {
    let mut s = String::from(
        ";;; A procura: escolher devolve a casa (linha coluna) para onde saltar.\n\n\
         (defun adversario (jogador) (if (= jogador -1) -2 -1))\n\n",
    );
    match plan.style {
        Style::Greedy { gain, own, other } => {
            let mut value = format!("(* {gain} ganho)");
            if own > 0 {
                let _ = write!(value, "\n       (* {own} (length (destinos novo jogador)))");
            }
            if other > 0 {
                let _ =
                    write!(value, "\n       (- (* {other} (length (destinos novo (adversario jogador)))))");
            }
            s.push_str(&GREEDY.replace("@VALUE@", &value));
        }
        Style::AlphaBeta { depth, eval, ordered } => {
            let eval = match eval {
                Eval::Points => "(- proprios outros)".to_string(),
                Eval::Mobility => "(+ (* 10 (mobilidade tab jogador)) (- proprios outros))".to_string(),
                Eval::Mix(w) => format!("(+ (- proprios outros) (* {w} (mobilidade tab jogador)))"),
            };
            let order = if ordered {
                "(sort (copy-list jogadas) #'> :key (lambda (lc) (or (celula (first lc) (second lc) tab) 0)))"
            } else {
                "jogadas"
            };
            s.push_str(
                &ALPHA_BETA
                    .replace("@DEPTH@", &depth.to_string())
                    .replace("@EVAL@", &eval)
                    .replace("@ORDER@", order),
            );
        }
    }
    let defect = match plan.defect {
        Defect::None | Defect::LoadError => "",
        Defect::UndefinedOnThird => {
            "\n  (when (= *jogadas* 3)\n    (return-from decidir (avaliar-final tab jogador proprios outros)))"
        }
        Defect::IllegalMove => {
            "\n  (when (= *jogadas* 2)\n    (return-from decidir (casa-errada tab jogador)))"
        }
        Defect::SleepsForever => "\n  (when (= *jogadas* 2)\n    (loop (sleep 60)))",
    };
    let first = if plan.extra.first_move.is_empty() {
        String::new()
    } else {
        format!("\n  (when (= *jogadas* 1)\n    {})", plan.extra.first_move)
    };
    if plan.defect == Defect::IllegalMove {
        s.push_str(ILLEGAL_CELL);
    }
    let _ = write!(
        s,
        "\n(defvar *jogadas* 0 \"Quantas vezes já jogámos.\")\n\n\
         (defun decidir (tab jogador proprios outros)\n  \
           (incf *jogadas*){first}{defect}\n  \
           (escolher tab jogador proprios outros))\n"
    );
    s
}

const GREEDY: &str = r#"(defun valor-jogada (tab jogador l c)
  (multiple-value-bind (novo ganho) (mover tab jogador l c)
    (+ @VALUE@)))

(defun escolher (tab jogador proprios outros)
  (declare (ignore proprios outros))
  (let ((melhor nil) (melhor-valor 0))
    (dolist (lc (destinos tab jogador) melhor)
      (let ((v (valor-jogada tab jogador (first lc) (second lc))))
        (when (or (null melhor) (> v melhor-valor))
          (setf melhor lc melhor-valor v))))))
"#;

const ALPHA_BETA: &str = r#"(defparameter *profundidade* @DEPTH@)

(defun mobilidade (tab jogador)
  (- (length (destinos tab jogador)) (length (destinos tab (adversario jogador)))))

(defun avaliar (tab jogador proprios outros)
  "O valor de TAB para JOGADOR (a jogar), que tem PROPRIOS pontos contra OUTROS."
  (declare (ignorable tab jogador))
  @EVAL@)

(defun ordenar (tab jogadas)
  (declare (ignorable tab))
  @ORDER@)

(defun negamax (tab jogador proprios outros profundidade alfa beta)
  (let ((adv (adversario jogador))
        (jogadas (destinos tab jogador)))
    (cond
      ((and (null jogadas) (null (destinos tab adv)))
       (* 10000 (signum (- proprios outros))))
      ((= profundidade 0) (avaliar tab jogador proprios outros))
      ((null jogadas)
       (- (negamax tab adv outros proprios (1- profundidade) (- beta) (- alfa))))
      (t
       (dolist (lc (ordenar tab jogadas) alfa)
         (multiple-value-bind (novo ganho) (mover tab jogador (first lc) (second lc))
           (let ((v (- (negamax novo adv outros (+ proprios ganho) (1- profundidade)
                                (- beta) (- alfa)))))
             (when (> v alfa) (setf alfa v))
             (when (>= alfa beta) (return alfa)))))))))

(defun escolher (tab jogador proprios outros)
  (let ((melhor nil) (alfa -1000000))
    (dolist (lc (ordenar tab (destinos tab jogador)) melhor)
      (multiple-value-bind (novo ganho) (mover tab jogador (first lc) (second lc))
        (let ((v (- (negamax novo (adversario jogador) outros (+ proprios ganho)
                             (1- *profundidade*) -1000000 (- alfa)))))
          (when (or (null melhor) (> v alfa))
            (setf melhor lc alfa v)))))))
"#;

const ILLEGAL_CELL: &str = r#"
(defun casa-errada (tab jogador)
  "Uma casa com número que nenhum salto do cavalo alcança."
  (let* ((p (posicao-valor tab jogador))
         (saltos (saltos (first p) (second p))))
    (loop for l from 0 below 10
          do (loop for c from 0 below 10
                   when (and (typep (celula l c tab) '(integer 0 99))
                             (not (member (list l c) saltos :test #'equal)))
                     do (return-from casa-errada (list l c))))))
"#;

/// The function the glue names, calling `decidir`.
fn wrapper(plan: &Plan) -> String {
    if plan.extra.wrong_shape {
        return r#"(defun jogar (estado tempo jogador)
  (declare (ignore tempo jogador))
  ;; O tabuleiro sem a última linha: 9 linhas de 10.
  (list (butlast (first estado)) (second estado)))
"#
        .to_string();
    }
    let sides = "(lc (if (= jogador -1)\n                 (decidir tab jogador (first pontos) (second pontos))\n                 (decidir tab jogador (second pontos) (first pontos))))";
    match plan.shape {
        Shape::StateSide { function } => {
            STATE_SIDE.replace("@FN@", function).replace("@SAY@", "").replace("@SIDES@", sides)
        }
        Shape::Seconds => STATE_SIDE
            .replace("@FN@", "jogar")
            .replace("@SAY@", "\n  (format t \"~&Temos ~,3f s para jogar (jogador ~d).~%\" tempo jogador)")
            .replace("@SIDES@", sides),
        Shape::WhiteOnly => WHITE_ONLY.to_string(),
        Shape::Cell { base } => CELL.replace("@BASE@", &base.to_string()).replace("@SIDES@", sides),
        Shape::BoardOnly => BOARD_ONLY.to_string(),
        Shape::Index => INDEX.replace("@SIDES@", sides),
    }
}

const STATE_SIDE: &str = r#"(defun @FN@ (estado tempo jogador)
  "ESTADO = (tabuleiro (pontos-brancas pontos-pretas)); devolve o novo estado."
  (declare (ignorable tempo))@SAY@
  (let* ((tab (first estado))
         (pontos (second estado))
         @SIDES@)
    (if (null lc)
        estado
        (multiple-value-bind (novo ganho) (mover tab jogador (first lc) (second lc))
          (list novo (if (= jogador -1)
                         (list (+ (first pontos) ganho) (second pontos))
                         (list (first pontos) (+ (second pontos) ganho))))))))
"#;

const WHITE_ONLY: &str = r#"(defun jogada-computador (estado tempo-ms)
  "ESTADO = ((meus-pontos pontos-dele) tabuleiro); o nosso cavalo é sempre -1."
  (declare (ignore tempo-ms))
  (let* ((pontos (first estado))
         (tab (second estado))
         (lc (decidir tab -1 (first pontos) (second pontos))))
    (if (null lc)
        estado
        (multiple-value-bind (novo ganho) (mover tab -1 (first lc) (second lc))
          (list (list (+ (first pontos) ganho) (second pontos)) novo)))))
"#;

const CELL: &str = r#"(defun melhor-casa (estado tempo jogador)
  "Devolve a casa (linha coluna), contadas desde @BASE@."
  (declare (ignore tempo))
  (let* ((tab (first estado))
         (pontos (second estado))
         @SIDES@)
    (and lc (list (+ (first lc) @BASE@) (+ (second lc) @BASE@)))))
"#;

const BOARD_ONLY: &str = r#"(defun joga (tab jogador)
  "Recebe só o tabuleiro; devolve o tabuleiro depois da jogada."
  (let ((lc (decidir tab jogador 0 0)))
    (if lc (values (mover tab jogador (first lc) (second lc))) tab)))
"#;

const INDEX: &str = r#"(defun escolhe-casa (jogador estado tempo)
  "Devolve o índice da casa, linha × 10 + coluna."
  (declare (ignore tempo))
  (let* ((tab (first estado))
         (pontos (second estado))
         @SIDES@)
    (and lc (+ (* 10 (first lc)) (second lc)))))
"#;

/// A form that loads `file` from beside the file being loaded.
fn load_beside(file: &str) -> String {
    format!("(load (merge-pathnames {} *load-truename*))\n", lisp_string(file))
}

/// A form left open: the file it ends cannot be read.
const UNCLOSED: &str = "\n(defun registar-jogada (tab)\n  (push tab *historico*)\n";

/// The team's program from its plan.
fn build(plan: &Plan) -> Team {
    let title = format!(";;;; {} — {}\n", plan.name, describe(plan));
    let mut head = title.clone();
    if let Some(p) = package(plan) {
        let _ = write!(head, "\n(defpackage :{p} (:use :common-lisp))\n(in-package :{p})\n");
    }
    let (entry, rules_name, search_name) = plan.names;
    let at_load = if plan.extra.at_load.is_empty() {
        String::new()
    } else {
        format!("\n;;; Ao carregar.\n{}", plan.extra.at_load)
    };
    let mut files = match plan.layout {
        Layout::One => vec![(
            entry.to_string(),
            format!("{head}\n{COURSE_RULES}\n{at_load}\n{}\n{}", search(plan), wrapper(plan)),
        )],
        Layout::Two => vec![
            (
                entry.to_string(),
                format!("{head}\n{}{at_load}\n{}\n{}", load_beside(rules_name), search(plan), wrapper(plan)),
            ),
            (rules_name.to_string(), format!("{title}{COURSE_RULES}")),
        ],
        Layout::Three => vec![
            (
                entry.to_string(),
                format!(
                    "{head}\n{}{}{at_load}\n{}",
                    load_beside(rules_name),
                    load_beside(search_name),
                    wrapper(plan)
                ),
            ),
            (rules_name.to_string(), format!("{title}{COURSE_RULES}")),
            (search_name.to_string(), format!("{title}\n{}", search(plan))),
        ],
    };
    if plan.defect == Defect::LoadError {
        // The last file loaded: the entry's last form is read after the others are loaded.
        files[0].1.push_str(UNCLOSED);
    }
    let entry = (files.len() > 1).then(|| entry.to_string());
    Team { name: plan.name.clone(), files, entry, options: options(plan) }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The upload's bounds (crates/match/src/program.rs).
    fn within_bounds(team: &Team) {
        assert!(!team.files.is_empty() && team.files.len() <= 8, "{}", team.name);
        assert!(team.files.iter().map(|(_, t)| t.len()).sum::<usize>() <= 512 << 10, "{}", team.name);
        for (i, (name, text)) in team.files.iter().enumerate() {
            assert!(
                !name.is_empty()
                    && name.len() <= 64
                    && !name.starts_with('.')
                    && name.chars().all(|c| c.is_ascii_alphanumeric() || "._-".contains(c)),
                "{name}"
            );
            assert!(team.files[..i].iter().all(|(n, _)| n != name), "{name} twice");
            assert!(!text.chars().any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t')), "{name}");
        }
        match &team.entry {
            None => assert_eq!(team.files.len(), 1, "{}", team.name),
            Some(e) => {
                assert!(team.files.len() > 1 && team.files.iter().any(|(n, _)| n == e), "{}", team.name)
            }
        }
        for (key, _) in &team.options {
            assert!(
                [
                    "function",
                    "state",
                    "args",
                    "white-only",
                    "time-scale",
                    "reserve-ms",
                    "cell-base",
                    "forced"
                ]
                .contains(&key.as_str()),
                "{key}"
            );
        }
        let name = &team.name;
        assert!(
            (1..=40).contains(&name.chars().count())
                && !name.contains(',')
                && !name.chars().any(char::is_control),
            "{name}"
        );
        // Parentheses balance in every file of a team that is not broken at load.
        if !team.files.iter().any(|(_, t)| t.contains("AVARIADA: um parêntese")) {
            for (file, text) in &team.files {
                assert_eq!(depth_at_end(text), 0, "{} {file}", team.name);
            }
        }
    }

    /// The parentheses left open at the end of Lisp `text` (strings, comments and characters
    /// skipped).
    fn depth_at_end(text: &str) -> i64 {
        let mut depth = 0;
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                ';' => {
                    for c in chars.by_ref() {
                        if c == '\n' {
                            break;
                        }
                    }
                }
                '"' => {
                    while let Some(c) = chars.next() {
                        match c {
                            '\\' => {
                                chars.next();
                            }
                            '"' => break,
                            _ => {}
                        }
                    }
                }
                '#' => {
                    let mut ahead = chars.clone();
                    if ahead.next() == Some('\\') {
                        chars.next();
                        chars.next();
                    }
                }
                _ => {}
            }
        }
        depth
    }

    #[test]
    fn twenty_teams_within_the_bounds_two_broken() {
        let teams = generated(20);
        assert_eq!(teams.len(), 20);
        for (i, team) in teams.iter().enumerate() {
            assert_eq!(team.name, format!("Equipa {:02}", i + 1));
            within_bounds(team);
        }
        let broken: Vec<Defect> = (0..20).map(|i| plan(i).defect).filter(|d| *d != Defect::None).collect();
        assert_eq!(broken, [Defect::LoadError, Defect::UndefinedOnThird]);
        // The same n, the same programs; team i the same whatever n.
        assert_eq!(generated(20), teams);
        assert_eq!(generated(40)[..20], teams[..]);
        // Several shapes, styles and layouts among them, and a package.
        let plans: Vec<Plan> = (0..20).map(plan).collect();
        assert!(plans.iter().any(|p| p.layout == Layout::One));
        assert!(plans.iter().any(|p| p.layout == Layout::Two));
        assert!(plans.iter().any(|p| p.layout == Layout::Three));
        assert!(plans.iter().any(|p| p.package));
        assert!(plans.iter().any(|p| matches!(p.style, Style::AlphaBeta { depth: 3, .. })));
        for shape in [Shape::WhiteOnly, Shape::BoardOnly, Shape::Index, Shape::Seconds] {
            assert!(plans.iter().any(|p| p.shape == shape), "{shape:?}");
        }
        assert!(plans.iter().any(|p| matches!(p.shape, Shape::Cell { .. })));
        assert!(plans.iter().any(|p| matches!(p.shape, Shape::StateSide { .. })));
        assert!(teams.iter().any(|t| t.files.iter().any(|(_, text)| text.contains("*load-truename*"))));
    }

    #[test]
    fn forty_teams_break_in_the_four_ways() {
        let teams = generated(40);
        let names: std::collections::HashSet<&str> = teams.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names.len(), 40);
        teams.iter().for_each(within_bounds);
        for (decade, defect) in DEFECTS.iter().enumerate() {
            let broken: Vec<Defect> = (decade * 10..decade * 10 + 10)
                .map(|i| plan(i).defect)
                .filter(|d| *d != Defect::None)
                .collect();
            assert_eq!(broken, [*defect]);
        }
    }

    #[test]
    fn hostile_programs_are_within_the_bounds() {
        let target = HostileTarget {
            other_team_dir: "/srv/arena/7".into(),
            database: "/srv/cavalo.db".into(),
            port: 8080,
        };
        let mut names = std::collections::HashSet::new();
        for kind in Hostile::ALL {
            let team = hostile(kind, &target);
            within_bounds(&team);
            assert!(names.insert(team.name.clone()));
            let all: String = team.files.iter().map(|(_, t)| t.as_str()).collect();
            match kind {
                Hostile::ReadsOtherTeam => assert!(all.contains("\"/srv/arena/7/*.*\"")),
                Hostile::ReadsDatabase => assert!(all.contains("\"/srv/cavalo.db\"")),
                Hostile::ConnectsToServer => assert!(all.contains("8080")),
                _ => {}
            }
        }
    }

    /// A minimal JSON reader: the value at the start of `s`, and what follows it.
    #[derive(Debug, PartialEq)]
    enum Json {
        Null,
        Bool(bool),
        Number(String),
        Str(String),
        Array(Vec<Json>),
        Object(Vec<(String, Json)>),
    }

    fn skip_ws(s: &str) -> &str {
        s.trim_start_matches([' ', '\t', '\n', '\r'])
    }

    fn parse(s: &str) -> Result<(Json, &str), String> {
        let s = skip_ws(s);
        let mut chars = s.chars();
        match chars.next() {
            Some('"') => {
                let mut out = String::new();
                loop {
                    match chars.next() {
                        None => return Err("a string not closed".into()),
                        Some('"') => return Ok((Json::Str(out), chars.as_str())),
                        Some('\\') => match chars.next() {
                            Some('"') => out.push('"'),
                            Some('\\') => out.push('\\'),
                            Some('/') => out.push('/'),
                            Some('n') => out.push('\n'),
                            Some('r') => out.push('\r'),
                            Some('t') => out.push('\t'),
                            Some('b') => out.push('\u{8}'),
                            Some('f') => out.push('\u{c}'),
                            Some('u') => {
                                let hex: String = chars.by_ref().take(4).collect();
                                let code =
                                    u32::from_str_radix(&hex, 16).map_err(|e| format!("\\u{hex}: {e}"))?;
                                out.push(char::from_u32(code).ok_or("a surrogate")?);
                            }
                            other => return Err(format!("bad escape {other:?}")),
                        },
                        Some(c) if u32::from(c) < 0x20 => return Err(format!("raw control {c:?}")),
                        Some(c) => out.push(c),
                    }
                }
            }
            Some('{') => {
                let mut fields = Vec::new();
                let mut rest = skip_ws(chars.as_str());
                if let Some(r) = rest.strip_prefix('}') {
                    return Ok((Json::Object(fields), r));
                }
                loop {
                    let (key, r) = parse(rest)?;
                    let Json::Str(key) = key else { return Err("a key that is not a string".into()) };
                    let r = skip_ws(r).strip_prefix(':').ok_or("no colon")?;
                    let (value, r) = parse(r)?;
                    fields.push((key, value));
                    let r = skip_ws(r);
                    if let Some(r) = r.strip_prefix(',') {
                        rest = r;
                    } else if let Some(r) = r.strip_prefix('}') {
                        return Ok((Json::Object(fields), r));
                    } else {
                        return Err(format!("after a field: {:?}", r.chars().take(20).collect::<String>()));
                    }
                }
            }
            Some('[') => {
                let mut items = Vec::new();
                let mut rest = skip_ws(chars.as_str());
                if let Some(r) = rest.strip_prefix(']') {
                    return Ok((Json::Array(items), r));
                }
                loop {
                    let (value, r) = parse(rest)?;
                    items.push(value);
                    let r = skip_ws(r);
                    if let Some(r) = r.strip_prefix(',') {
                        rest = r;
                    } else if let Some(r) = r.strip_prefix(']') {
                        return Ok((Json::Array(items), r));
                    } else {
                        return Err("after an item".into());
                    }
                }
            }
            _ => {
                for (word, value) in
                    [("null", Json::Null), ("true", Json::Bool(true)), ("false", Json::Bool(false))]
                {
                    if let Some(r) = s.strip_prefix(word) {
                        return Ok((value, r));
                    }
                }
                let end = s.find(|c: char| !(c.is_ascii_digit() || "+-.eE".contains(c))).unwrap_or(s.len());
                if end == 0 {
                    return Err(format!("unexpected {:?}", s.chars().take(20).collect::<String>()));
                }
                Ok((Json::Number(s[..end].to_string()), &s[end..]))
            }
        }
    }

    fn read_json(s: &str) -> Json {
        let (value, rest) = parse(s).unwrap_or_else(|e| panic!("{e}: {s}"));
        assert_eq!(skip_ws(rest), "", "trailing text");
        value
    }

    fn field<'a>(object: &'a Json, key: &str) -> Option<&'a Json> {
        let Json::Object(fields) = object else { panic!("not an object") };
        fields.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    fn text(s: &str) -> Json {
        Json::Str(s.to_string())
    }

    #[test]
    fn the_body_is_json_that_reads_back_as_the_team() {
        let awkward = "(format t \"olá \\\"é\\\" ~a\")\n\t; aspas \" e barra \\ e \u{1} e \r fim é";
        let team = Team {
            name: "Equipa \"Sete\" \\ é".into(),
            files: vec![
                ("equipa.lisp".into(), awkward.into()),
                ("regras.lisp".into(), "(defun f ())\n".into()),
            ],
            entry: Some("equipa.lisp".into()),
            options: vec![("args".into(), "state+time+side".into()), ("function".into(), "eq::jogar".into())],
        };
        let body = read_json(&team.body("c\u{f3}digo \"1\""));
        assert_eq!(field(&body, "team"), Some(&text("Equipa \"Sete\" \\ é")));
        assert_eq!(field(&body, "code"), Some(&text("código \"1\"")));
        assert_eq!(field(&body, "entry"), Some(&text("equipa.lisp")));
        let Some(Json::Array(files)) = field(&body, "files") else { panic!("files") };
        assert_eq!(files.len(), 2);
        assert_eq!(field(&files[0], "name"), Some(&text("equipa.lisp")));
        assert_eq!(field(&files[0], "text"), Some(&text(awkward)));
        assert_eq!(
            field(&body, "options"),
            Some(&Json::Object(vec![
                ("args".into(), text("state+time+side")),
                ("function".into(), text("eq::jogar"))
            ]))
        );
        // No entry: no key; no options: an empty object.
        let single = Team {
            name: "x".into(),
            files: vec![("a.lisp".into(), "".into())],
            entry: None,
            options: vec![],
        };
        let body = read_json(&single.body(""));
        assert_eq!(field(&body, "entry"), None);
        assert_eq!(field(&body, "options"), Some(&Json::Object(vec![])));
        // Every generated and hostile program's body reads back whole.
        let target = HostileTarget { other_team_dir: "/a".into(), database: "/b".into(), port: 1 };
        let all: Vec<Team> =
            generated(40).into_iter().chain(Hostile::ALL.iter().map(|k| hostile(*k, &target))).collect();
        for team in all {
            let body = read_json(&team.body("k"));
            let Some(Json::Array(files)) = field(&body, "files") else { panic!("files") };
            for ((name, t), f) in team.files.iter().zip(files) {
                assert_eq!(field(f, "name"), Some(&text(name)));
                assert_eq!(field(f, "text"), Some(&text(t)));
            }
        }
        // The reader refuses what is not JSON.
        for bad in ["{\"a\":\"b}", "{\"a\":\"\n\"}", "{\"a\" \"b\"}", "[1,]", "{\"a\":\"\\x\"}"] {
            assert!(!parse(bad).is_ok_and(|(_, r)| skip_ws(r).is_empty()), "{bad}");
        }
    }
}
