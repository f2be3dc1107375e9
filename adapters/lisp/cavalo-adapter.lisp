;;;; cavalo-adapter.lisp -- lets a course-style Common Lisp program play Jogo do Cavalo through
;;;; the engine protocol (PROTOCOL.md), so that `cavalo match` and `cavalo tournament` can referee
;;;; it against any other player.
;;;;
;;;; Portable Common Lisp (tested on SBCL). Usage, after loading this file:
;;;;
;;;;   (cavalo-adapter:main :file "team.lisp" :function "jogar")
;;;;
;;;; loads the team's file (its printing goes to standard error, never into the protocol) and
;;;; answers the protocol on standard input and output until `quit`. The team's function gets the
;;;; position in the course's representation and answers with a new board, a cell or a move; see
;;;; docs/en/championship.md. `cavalo match --engine1 lisp:team.lisp` does all this by itself.

(defpackage #:cavalo-adapter
  (:use #:common-lisp)
  (:export #:main))

(in-package #:cavalo-adapter)

;;; ------------------------------------------------------------------------------------------
;;; The rules (RULES.md), on a vector of 100 cells: a number 0..99, NIL (removed), or
;;; :white / :black (a knight).

(defstruct (pos (:copier nil))
  (cells (make-array 100 :initial-element nil) :type simple-vector)
  (knights (vector nil nil))            ; cell index of the white and black knight, or NIL
  (points (vector 0 0))
  (side 0)                              ; 0 white, 1 black
  (threat t)
  (zero-double t))

(defun copy-position (p)
  (make-pos :cells (copy-seq (pos-cells p)) :knights (copy-seq (pos-knights p))
            :points (copy-seq (pos-points p)) :side (pos-side p)
            :threat (pos-threat p) :zero-double (pos-zero-double p)))

(defconstant +mask64+ (1- (expt 2 64)))

(defun seeded-cells (seed)
  "The board of SEED: SplitMix64 driving a Fisher-Yates shuffle (RULES.md section 7)."
  (let ((state (logand seed +mask64+))
        (values (make-array 100)))
    (dotimes (i 100) (setf (aref values i) i))
    (flet ((next ()
             (setf state (logand (+ state #x9E3779B97F4A7C15) +mask64+))
             (let ((z state))
               (setf z (logand (* (logxor z (ash z -30)) #xBF58476D1CE4E5B9) +mask64+))
               (setf z (logand (* (logxor z (ash z -27)) #x94D049BB133111EB) +mask64+))
               (logxor z (ash z -31)))))
      (loop for i from 99 downto 1
            do (rotatef (aref values i) (aref values (mod (next) (1+ i))))))
    values))

(defun double-p (p v)
  (and (= (floor v 10) (mod v 10)) (or (pos-zero-double p) (/= v 0))))

(defun symmetric (v)
  (multiple-value-bind (a b) (floor v 10)
    (if (/= a b) (+ (* b 10) a) nil)))

(defun cell-name (i)
  (format nil "~C~D" (code-char (+ (char-code #\A) (mod i 10))) (1+ (floor i 10))))

(defun parse-cell (s)
  "The index of a cell name such as E3 or e10, or NIL."
  (when (<= 2 (length s) 3)
    (let ((col (- (char-code (char-upcase (char s 0))) (char-code #\A)))
          (row (ignore-errors (parse-integer s :start 1))))
      (when (and (<= 0 col 9) row (<= 1 row 10))
        (+ (* 10 (1- row)) col)))))

(defun jumps (i)
  (let ((r (floor i 10)) (c (mod i 10)) (out '()))
    (dolist (d '((-2 -1) (-2 1) (-1 -2) (-1 2) (1 -2) (1 2) (2 -1) (2 1)) out)
      (let ((r2 (+ r (first d))) (c2 (+ c (second d))))
        (when (and (<= 0 r2 9) (<= 0 c2 9))
          (push (+ (* 10 r2) c2) out))))))

(defun holds-p (p i) (integerp (aref (pos-cells p) i)))

(defun destinations (p side)
  "The cells SIDE's knight may land on."
  (let ((cells (pos-cells p))
        (k (aref (pos-knights p) side))
        (other (aref (pos-knights p) (- 1 side))))
    (if (null k)
        ;; Placement: the highest number still on the home row.
        (let ((best nil))
          (loop for i from (if (= side 0) 0 90) repeat 10
                when (and (holds-p p i) (or (null best) (> (aref cells i) (aref cells best))))
                  do (setf best i))
          (if best (list best) '()))
        (remove-if-not (lambda (d)
                         (and (holds-p p d)
                              (not (and (pos-threat p) other (member d (jumps other))))))
                       (jumps k)))))

(defun other-doubles (p v)
  "The doubles still on the board other than V, highest first."
  (sort (loop for x across (pos-cells p)
              when (and (integerp x) (/= x v) (double-p p x)) collect x)
        #'>))

(defun legal-moves (p)
  "Moves as (DEST . REMOVAL), REMOVAL NIL for the default; (:pass) when the side must pass; NIL
when the game is over."
  (let ((side (pos-side p)))
    (let ((ds (destinations p side)))
      (cond (ds (loop for d in ds
                      for v = (aref (pos-cells p) d)
                      for others = (if (double-p p v) (other-doubles p v) '())
                      append (cons (cons d nil) (mapcar (lambda (r) (cons d r)) (rest others)))))
            ((destinations p (- 1 side)) (list :pass))
            (t '())))))

(defun play (p move)
  "The position after MOVE (assumed legal)."
  (let* ((q (copy-position p)) (side (pos-side q)) (cells (pos-cells q)))
    (unless (eq move :pass)
      (let* ((d (car move)) (v (aref cells d)) (from (aref (pos-knights q) side)))
        (incf (aref (pos-points q) side) v)
        (when from (setf (aref cells from) nil))
        (setf (aref cells d) (if (= side 0) :white :black)
              (aref (pos-knights q) side) d)
        (let ((s (symmetric v)))
          (when s
            (let ((at (position s cells))) (when at (setf (aref cells at) nil)))))
        (when (double-p q v)
          (let ((r (or (cdr move) (first (other-doubles q v)))))
            (when r (setf (aref cells (position r cells)) nil))))))
    (setf (pos-side q) (- 1 side))
    q))

(defun move-string (move)
  (cond ((eq move :pass) "pass")
        ((cdr move) (format nil "~Ax~2,'0D" (cell-name (car move)) (cdr move)))
        (t (cell-name (car move)))))

(defun find-move (p text)
  "The legal move written TEXT (our notation; naming the default removal is accepted), or NIL."
  (let ((moves (legal-moves p)))
    (find-if (lambda (m)
               (or (string-equal text (move-string m))
                   (and (consp m) (null (cdr m))
                        (let ((v (aref (pos-cells p) (car m))))
                          (and (double-p p v)
                               (string-equal text (format nil "~Ax~2,'0D" (cell-name (car m))
                                                          (or (first (other-doubles p v)) -1))))))))
             moves)))

;;; ------------------------------------------------------------------------------------------
;;; Positions from the protocol.

(defun split (string &optional (sep #\Space))
  (let ((out '()) (start 0))
    (loop for i from 0 to (length string)
          do (when (or (= i (length string)) (char= (char string i) sep)
                       (and (char= sep #\Space) (member (char string i) '(#\Tab #\Return))))
               (when (> i start) (push (subseq string start i) out))
               (setf start (1+ i))))
    (nreverse out)))

(defun seeded-position (seed threat zero-double)
  (make-pos :cells (seeded-cells seed) :threat threat :zero-double zero-double))

(defun fen-position (fields threat zero-double)
  "A position string's four fields, or NIL when they are not one."
  (destructuring-bind (cells side white black) fields
    (let ((p (make-pos :threat threat :zero-double zero-double))
          (rows (split cells #\/)))
      (unless (= (length rows) 10) (return-from fen-position nil))
      (loop for row in rows for r from 0
            for items = (split row #\,)
            do (unless (= (length items) 10) (return-from fen-position nil))
               (loop for item in items for c from 0
                     for i = (+ (* 10 r) c)
                     do (cond ((string= item ".") (setf (aref (pos-cells p) i) nil))
                              ((string-equal item "W") (setf (aref (pos-cells p) i) :white
                                                             (aref (pos-knights p) 0) i))
                              ((string-equal item "B") (setf (aref (pos-cells p) i) :black
                                                             (aref (pos-knights p) 1) i))
                              (t (let ((v (ignore-errors (parse-integer item))))
                                   (unless (and v (<= 0 v 99)) (return-from fen-position nil))
                                   (setf (aref (pos-cells p) i) v))))))
      (setf (pos-side p) (if (string-equal side "b") 1 0)
            (aref (pos-points p) 0) (or (ignore-errors (parse-integer white)) 0)
            (aref (pos-points p) 1) (or (ignore-errors (parse-integer black)) 0))
      p)))

;;; ------------------------------------------------------------------------------------------
;;; The course's representation: a list of 10 lists; 0..99, NIL, -1 (white), -2 (black).

(defun course-board (p &optional swap)
  "P's board as the course writes it; SWAP exchanges the knights (-1 <-> -2)."
  (loop for r from 0 below 10
        collect (loop for c from 0 below 10
                      for x = (aref (pos-cells p) (+ (* 10 r) c))
                      collect (case x
                                (:white (if swap -2 -1))
                                (:black (if swap -1 -2))
                                (t x)))))

(defun board-p (x)
  (and (listp x) (= (length x) 10)
       (every (lambda (row) (and (listp row) (= (length row) 10))) x)))

(defun find-board (x)
  "A board in the team's answer: the answer itself, or the first board inside a state."
  (cond ((board-p x) x)
        ((consp x) (loop for part in x when (board-p part) return part))))

(defun describe-cell (x)
  (case x ((nil) "NIL (removed)") (-1 "-1 (white knight)") (-2 "-2 (black knight)")
    (t (format nil "~A" x))))

(defun differences (expected got)
  "Where two course boards differ, as text."
  (let ((out '()))
    (loop for erow in expected for grow in got for r from 0
          do (loop for e in erow for g in grow for c from 0
                   unless (eql e g)
                     do (push (format nil "~A should be ~A but is ~A" (cell-name (+ (* 10 r) c))
                                      (describe-cell e) (describe-cell g))
                              out)))
    (nreverse out)))

;;; ------------------------------------------------------------------------------------------
;;; The team's glue, set by MAIN.

(defvar *function* nil "The team's function (a symbol).")
(defvar *state* :board-points "The state's shape: :board-points, :points-board or :board.")
(defvar *args* '(:state :time) "The function's arguments, in order: :state, :time, :side.")
(defvar *white-only* nil "When true, Black's turns are shown with the knights swapped.")
(defvar *time-scale* 1 "The time limit handed over is the milliseconds times this.")
(defvar *reserve-ms* 20 "Milliseconds kept back from the limit for the adapter and the pipe.")
(defvar *cell-base* 0 "Whether a (row column) answer counts from 0 or from 1.")
(defvar *forced* :adapter "Who plays the forced plies (placements, passes): :adapter or :team.")

(defvar *function-name* "jogar" "The team's function's name, for messages.")

(defun one-line (x)
  "X printed on one line."
  (let ((*print-pretty* nil))
    (substitute #\Space #\Newline (princ-to-string x))))

(defun say (fmt &rest args)
  (let ((*print-pretty* nil))
    (apply #'format *standard-output* fmt args))
  (terpri *standard-output*)
  (finish-output *standard-output*))

(defmacro with-team-streams (&body body)
  "Runs BODY as the team's code: what it prints goes to standard error, and what it reads is
empty (the protocol's input is not the team's: a program that asks its user a question gets an
end of file instead of the referee's commands)."
  `(let* ((*standard-output* *error-output*)
          (*standard-input* (make-string-input-stream ""))
          (*query-io* (make-two-way-stream *standard-input* *error-output*))
          (*terminal-io* *query-io*))
     ,@body))

(defun team-call (p ms)
  "Calls the team's function on P with MS milliseconds; returns its answer and the time it took."
  (let* ((swap (and *white-only* (= (pos-side p) 1)))
         (board (course-board p swap))
         (own (aref (pos-points p) (pos-side p)))
         (other (aref (pos-points p) (- 1 (pos-side p))))
         (points (if *white-only* (list own other) (list (aref (pos-points p) 0) (aref (pos-points p) 1))))
         (state (ecase *state*
                  (:board-points (list board points))
                  (:points-board (list points board))
                  (:board board)))
         (time (let ((x (* (max 1 (- ms *reserve-ms*)) *time-scale*)))
                 (if (integerp x) x (float x))))
         (side (if (or swap (= (pos-side p) 0)) -1 -2))
         (args (mapcar (lambda (a) (ecase a (:state state) (:time time) (:side side))) *args*))
         (start (get-internal-real-time))
         (answer (with-team-streams (apply *function* args))))
    (values answer swap
            (round (* 1000 (- (get-internal-real-time) start)) internal-time-units-per-second))))

(defun answer-move (p answer swap)
  "The move TEAM's ANSWER stands for, as text for `bestmove`, and an explanation when the answer
is not a legal move (then the text is `none`, which the referee forfeits with the explanation)."
  (let ((moves (legal-moves p))
        (side-name (if (= (pos-side p) 0) "white" "black")))
    (flet ((by-cell (d)
             (let ((m (find-if (lambda (m) (and (consp m) (= (car m) d) (null (cdr m)))) moves)))
               (if m (move-string m) (cell-name d)))))
      (cond
        ((null answer)
         (values "none" (format nil "the function returned NIL (no move) but ~A has ~D legal move~:P: ~{~A~^ ~}"
                                side-name (length moves) (mapcar #'move-string moves))))
        ((or (stringp answer) (and (symbolp answer) (not (eq answer t))))
         (let* ((text (string answer)) (m (find-move p text)))
           (values (if m (move-string m) text) nil)))
        ((and (integerp answer) (<= 0 answer 99)) (values (by-cell answer) nil))
        ((and (consp answer) (= (length answer) 2) (every #'integerp answer))
         (let ((r (- (first answer) *cell-base*)) (c (- (second answer) *cell-base*)))
           (if (and (<= 0 r 9) (<= 0 c 9))
               (values (by-cell (+ (* 10 r) c)) nil)
               (values "none" (format nil "the cell ~S is off the board" answer)))))
        ((find-board answer)
         (let* ((got (find-board answer))
                (code (if (or swap (= (pos-side p) 0)) -1 -2))
                (dest (loop for row in got for r from 0
                            thereis (loop for x in row for c from 0
                                          when (eql x code) return (+ (* 10 r) c)))))
           (cond
             ((find-if (lambda (m) (equal (course-board (play p m) swap) got)) moves)
              (values (move-string (find-if (lambda (m) (equal (course-board (play p m) swap) got)) moves)) nil))
             ((eq (first moves) :pass)
              (values "none" (format nil "~A must pass, but the board returned is not the same board" side-name)))
             ((null dest)
              (values "none" (format nil "the board returned has no ~D (the ~A knight)" code side-name)))
             ((not (find dest moves :key (lambda (m) (and (consp m) (car m)))))
              ;; The referee names the rule broken (threat, removed cell, not a knight's jump).
              (values (cell-name dest) nil))
             (t
              (let* ((candidates (remove-if-not (lambda (m) (and (consp m) (= (car m) dest))) moves))
                     (best (first (sort (mapcar (lambda (m) (differences (course-board (play p m) swap) got))
                                                candidates)
                                        #'< :key #'length))))
                (values "none"
                        (format nil "the knight went to ~A, a legal move, but the board returned is not ~
                                     the board after it (after landing: the symmetric number is removed, ~
                                     and landing on a double removes another double): ~{~A~^; ~}"
                                (cell-name dest) (subseq best 0 (min 6 (length best))))))))))
        (t (values "none" (format nil "the function returned ~S, which is not a board, a cell or a move"
                                  answer)))))))

;;; ------------------------------------------------------------------------------------------
;;; The protocol.

(defun quit-lisp (code)
  (finish-output *standard-output*)
  #+sbcl (sb-ext:exit :code code :abort t)
  #+ccl (ccl:quit code)
  #+clisp (ext:quit code)
  #+ecl (ext:quit code)
  #+lispworks (lispworks:quit :status code)
  #-(or sbcl ccl clisp ecl lispworks) (error "no way to quit this Lisp"))

(defun go-time (tokens side)
  "The milliseconds a `go` command gives."
  (flet ((arg (name) (let ((tail (member name tokens :test #'string-equal)))
                       (and tail (second tail) (ignore-errors (parse-integer (second tail)))))))
    (let ((movetime (arg "movetime"))
          (clock (arg (if (= side 0) "p1time" "p2time")))
          (inc (or (arg (if (= side 0) "p1inc" "p2inc")) 0)))
      (cond (movetime movetime)
            (clock (+ (floor clock 20) inc))
            (t 1000)))))

(defun set-position (tokens threat zero-double)
  "The position a `position` command describes, or a string saying what is wrong."
  (let* ((moves-at (position "moves" tokens :test #'string-equal))
         (head (subseq tokens 0 moves-at))
         (moves (if moves-at (nthcdr (1+ moves-at) tokens) '()))
         (p (cond ((and (= (length head) 3) (string-equal (second head) "seed"))
                   (let ((seed (ignore-errors (parse-integer (third head)))))
                     (and seed (>= seed 0) (seeded-position seed threat zero-double))))
                  ((and (= (length head) 6) (string-equal (second head) "fen"))
                   (fen-position (cddr head) threat zero-double)))))
    (if (null p)
        "expected position seed N or position fen <cells> <side> <white> <black> [moves ...]"
        (dolist (text moves p)
          (let ((m (find-move p text)))
            (unless m (return (format nil "illegal move ~A" text)))
            (setf p (play p m)))))))

(defun answer-go (p tokens)
  (let ((moves (legal-moves p)))
    (cond
      ((null moves) (say "bestmove none"))
      ((and (eq *forced* :adapter)
            (or (eq (first moves) :pass) (null (aref (pos-knights p) (pos-side p)))))
       (say "bestmove ~A" (move-string (first moves))))
      (t
       (multiple-value-bind (answer swap ms)
           (handler-case (team-call p (go-time tokens (pos-side p)))
             (error (e)
               (say "info string error: the function ~A signalled: ~A" *function-name* (one-line e))
               (say "bestmove none")
               (return-from answer-go)))
         (multiple-value-bind (text why) (answer-move p answer swap)
           (say "info time ~D" ms)
           (when why (say "info string illegal: ~A" (one-line why)))
           (say "bestmove ~A" text)))))))

(defun serve (name)
  (let ((p nil) (threat t) (zero-double t))
    (loop
      (let* ((line (read-line *standard-input* nil nil))
             (tokens (and line (split line)))
             (command (first tokens)))
        (cond
          ((null line) (quit-lisp 0))
          ((null command))
          ((string= command "ugi")
           (say "id name ~A" name)
           (say "id author cavalo-adapter")
           (say "option name Threat type check default true")
           (say "option name ZeroDouble type check default true")
           (say "ugiok"))
          ((string= command "isready") (say "readyok"))
          ((string= command "setoption")
           (let ((n (second (member "name" tokens :test #'string-equal)))
                 (v (string-equal (second (member "value" tokens :test #'string-equal)) "true")))
             (cond ((string-equal n "Threat") (setf threat v))
                   ((string-equal n "ZeroDouble") (setf zero-double v))
                   (t (say "info string error: unknown option ~A" n)))))
          ((string= command "uginewgame") (setf p nil))
          ((string= command "position")
           (let ((r (set-position tokens threat zero-double)))
             (if (stringp r) (say "info string error: ~A" r) (setf p r))))
          ((string= command "go")
           (if p (answer-go p tokens) (say "info string error: no position") ))
          ((string= command "stop"))
          ((string= command "query")
           (let* ((moves (and p (legal-moves p)))
                  (w (if p (aref (pos-points p) 0) 0)) (b (if p (aref (pos-points p) 1) 0)))
             (say "response ~A"
                  (let ((what (second tokens)))
                    (cond ((string-equal what "gameover") (if (and p (null moves)) "true" "false"))
                          ((string-equal what "p1turn") (if (and p (= (pos-side p) 1)) "false" "true"))
                          ((string-equal what "score") (format nil "~D ~D" w b))
                          ((string-equal what "result")
                           (cond ((or (null p) moves) "none") ((> w b) "p1win") ((< w b) "p2win") (t "draw")))
                          (t "unknown"))))))
          ((string= command "quit") (quit-lisp 0))
          (t (say "info string unknown command: ~A" line)))))))

(defun find-function (name)
  "The function named NAME: PACKAGE::SYMBOL, a symbol of CL-USER, or of any package."
  (let* ((colon (search "::" name))
         (pkg (if colon (find-package (string-upcase (subseq name 0 colon))) (find-package "CL-USER")))
         (sym-name (string-upcase (if colon (subseq name (+ colon 2)) name)))
         (sym (and pkg (find-symbol sym-name pkg))))
    (if (and sym (fboundp sym))
        sym
        (unless colon
          (do-all-symbols (s)
            (when (and (string= (symbol-name s) sym-name) (fboundp s)
                       (not (eq (symbol-package s) (find-package "COMMON-LISP"))))
              (return s)))))))

(defun main (&key file (function "jogar") (state :board-points) (args '(:state :time)) white-only
               (time-scale 1) (reserve-ms 20) (cell-base 0) (forced :adapter) name)
  "Loads the team's FILE and speaks the protocol until `quit`. The keywords are the glue."
  (let ((*standard-output* *standard-output*))
    (handler-case
        (let* ((path (merge-pathnames file))
               (*default-pathname-defaults* (make-pathname :name nil :type nil :version nil :defaults path)))
          (with-team-streams (load path)))
      (error (e)
        ;; Answer the handshake, then say what went wrong at the first `go`.
        (setf *function* (let ((msg (one-line e)))
                           (lambda (&rest _) (declare (ignore _))
                             (error "loading ~A failed: ~A" file msg))))))
    (unless *function*
      (setf *function*
            (or (find-function function)
                (let ((f function))
                  (lambda (&rest _) (declare (ignore _))
                    (error "~A defines no function ~A (give function=NAME)" file f))))))
    (setf *function-name* function *state* state *args* args *white-only* white-only *time-scale* time-scale
          *reserve-ms* reserve-ms *cell-base* cell-base *forced* forced)
    (serve (or name (pathname-name (pathname file))))))
