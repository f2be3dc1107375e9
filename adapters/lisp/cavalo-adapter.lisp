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
;;;;
;;;; A file that cannot be loaded, a function that is not there, an error the function signals,
;;;; an exhausted stack or heap: the adapter says `info string error: REPORT` and exits, and the
;;;; referee reports it as a crash. An answer that is no legal move: `info string illegal: REPORT`
;;;; before `bestmove`. A REPORT is a JSON object whose "lisp" names its kind (see REPORT below and
;;;; crates/match/src/lisp/report.rs): data, never words, so that the referee words it in the
;;;; reader's language. The memory limit reached (malloc failed, or the address space is all
;;;; taken) is written on standard error instead, as +MEMORY-SIGN+, for the referee to word.

;;; The package and the rules come from cavalo-adapter-rules.lisp, beside this file (already
;;; there when `cavalo` loads the two as one).
(unless (find-package '#:cavalo-adapter)
  (load (merge-pathnames "cavalo-adapter-rules.lisp" (or *load-truename* *default-pathname-defaults*))))

(in-package #:cavalo-adapter)

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

(defun list-of-length-p (x n)
  "Whether X is a proper list of exactly N elements (safe on dotted and circular lists)."
  (loop for tail = x then (cdr tail)
        for i from 0
        do (cond ((null tail) (return (= i n)))
                 ((or (atom tail) (>= i n)) (return nil)))))

(defun board-p (x)
  (and (list-of-length-p x 10) (every (lambda (row) (list-of-length-p row 10)) x)))

(defconstant +board-depth+ 8 "How deep in the team's answer a board is looked for.")
(defconstant +board-conses+ 10000 "How many conses of the team's answer are looked at, at most.")

(defun find-board (x)
  "A board in the team's answer: the answer itself, or the first board inside it (depth first,
in order, however deep the state holds it, within +BOARD-DEPTH+ and +BOARD-CONSES+)."
  (let ((left +board-conses+))
    (labels ((walk (x depth)
               (cond ((board-p x) x)
                     ((or (atom x) (>= depth +board-depth+)) nil)
                     (t (loop for tail = x then (cdr tail)
                              while (and (consp tail) (plusp (decf left)))
                              thereis (walk (car tail) (1+ depth)))))))
      (walk x 0))))

(defun differences (expected got)
  "Where two course boards differ, as report objects (the cell, what it should be, what it is)."
  (let ((out '()))
    (loop for erow in expected for grow in got for r from 0
          do (loop for e in erow for g in grow for c from 0
                   unless (eql e g)
                     do (push (list :obj :cell (cell-name (+ (* 10 r) c)) :should (show e) :is (show g))
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

(defconstant +said-chars+ 2000 "The most of a message the adapter writes on one line.")

(defmacro with-short-printing (&body body)
  "Runs BODY printing any object briefly: a huge or circular answer never floods a line or hangs."
  `(let ((*print-pretty* nil) (*print-circle* t) (*print-length* 12) (*print-level* 4)
         (*print-lines* nil) (*print-readably* nil))
     ,@body))

(defun show (x)
  "X as the reader would see it, briefly."
  (with-short-printing (prin1-to-string x)))

(defun clip (text)
  (if (> (length text) +said-chars+) (subseq text 0 +said-chars+) text))

(defun one-line (x)
  "X printed briefly on one line, white space collapsed, at most +SAID-CHARS+ characters."
  (let ((text (clip (with-short-printing (princ-to-string x)))))
    (format nil "~{~A~^ ~}"
            (split (substitute-if #\Space (lambda (c) (member c '(#\Newline #\Tab #\Return))) text)))))

(defvar *protocol-in* *standard-input* "Where the referee's commands come from.")
(defvar *protocol-out* *standard-output* "Where protocol lines go, and nothing else.")

(defun say (fmt &rest args)
  (write-line (clip (with-short-printing (apply #'format nil fmt args))) *protocol-out*)
  (finish-output *protocol-out*))

(defparameter +ellipsis+ (string (code-char 8230)))

;;; ------------------------------------------------------------------------------------------
;;; Reports: what went wrong as data (a JSON object on one line), worded by the referee.

(defun json-string (s)
  (with-output-to-string (o)
    (write-char #\" o)
    (loop for c across s
          do (case c
               (#\" (write-string "\\\"" o))
               (#\\ (write-string "\\\\" o))
               (t (if (< (char-code c) 32)
                      (format o "\\u~4,'0X" (char-code c))
                      (write-char c o)))))
    (write-char #\" o)))

(defun json (x)
  "X as JSON: a string, an integer, NIL (null), T (true), :FALSE, (:ARR X ...) or (:OBJ :KEY X ...)."
  (cond ((stringp x) (json-string x))
        ((integerp x) (format nil "~D" x))
        ((null x) "null")
        ((eq x t) "true")
        ((eq x :false) "false")
        ((eq (first x) :arr) (format nil "[~{~A~^,~}]" (mapcar #'json (rest x))))
        (t (format nil "{~{~A~^,~}}"
                   (loop for (k v) on (rest x) by #'cddr
                         collect (format nil "~A:~A" (json-string (string-downcase k)) (json v)))))))

(defun bounded (text n)
  "TEXT cut to N characters, with an ellipsis when cut."
  (if (> (length text) n) (concatenate 'string (subseq text 0 n) +ellipsis+) text))

(defun say-report (tag report)
  "Says `info string TAG: REPORT`, REPORT (an (:OBJ :LISP KIND ...)) as JSON; each of its texts
is bounded where it is made, so the line is never cut."
  (write-line (format nil "info string ~A: ~A" tag (json report)) *protocol-out*)
  (finish-output *protocol-out*))

(defun fail-report (report)
  "Says `info string error: REPORT` and exits: the referee reports it as a crash."
  (say-report "error" report)
  (quit-lisp 1))

(defun lisp-name (x)
  "X printed as the team wrote it (CL-USER's symbols without their package)."
  (let ((*package* (find-package "CL-USER"))) (with-short-printing (prin1-to-string x))))

(defun condition-report (c)
  "The condition C as a report object: its type, SBCL's words, and for the errors a course
program meets most (a value of the wrong type, an undefined function or variable) their parts."
  (append
   (list :obj :type (lisp-name (type-of c)) :text (bounded (one-line c) 300))
   (typecase c
     (type-error (list :datum (bounded (lisp-name (type-error-datum c)) 120)
                       :expected (bounded (lisp-name (type-error-expected-type c)) 120)))
     (cell-error (list :name (bounded (lisp-name (cell-error-name c)) 120))))))

(defmacro with-team-streams (&body body)
  "Runs BODY as the team's code: what it prints goes to standard error, and what it reads is
empty (the protocol's input is not the team's: a program that asks its user a question gets an
end of file instead of the referee's commands)."
  `(let* ((*standard-output* *error-output*)
          (*standard-input* (make-string-input-stream ""))
          (*query-io* (make-two-way-stream *standard-input* *error-output*))
          (*terminal-io* *query-io*))
     ,@body))

(defvar *call-state* nil "The state handed to the team's function in the call under way.")

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
         (answer (let ((*call-state* state)) (with-team-streams (apply *function* args)))))
    (values answer swap
            (round (* 1000 (- (get-internal-real-time) start)) internal-time-units-per-second))))

(defun side-name (p) (if (= (pos-side p) 0) "white" "black"))

(defun cell-answer (answer moves)
  "The move a (row column) ANSWER stands for, and a report when it is none: off the board, or a
cell no legal move reaches (then the cell goes to the referee, which names the rule broken, and
the report keeps the answer as written and the base it was counted from)."
  (let* ((r (- (first answer) *cell-base*)) (c (- (second answer) *cell-base*))
         (on (and (<= 0 r 9) (<= 0 c 9)))
         (cell (and on (+ (* 10 r) c)))
         (m (and on (find-if (lambda (m) (and (consp m) (= (car m) cell) (null (cdr m)))) moves))))
    (cond (m (values (move-string m) nil))
          (t (values (if on (cell-name cell) "none")
                     (list :obj :lisp "cell-answer" :answer (show answer) :cell (and on (cell-name cell))
                           :cell-base *cell-base*))))))

(defun board-answer (p got swap moves)
  "The move a board GOT stands for, and a report when it is none."
  (let* ((code (if (or swap (= (pos-side p) 0)) -1 -2))
         (same (lambda (m) (equal (course-board (play p m) swap) got)))
         (dest (loop for row in got for r from 0
                     thereis (loop for x in row for c from 0
                                   when (eql x code) return (+ (* 10 r) c)))))
    (cond
      ((find-if same moves) (values (move-string (find-if same moves)) nil))
      ((eq (first moves) :pass) (values "none" (list :obj :lisp "must-pass" :side (side-name p))))
      ((null dest) (values "none" (list :obj :lisp "no-knight" :code code :side (side-name p))))
      ((not (find dest moves :key (lambda (m) (and (consp m) (car m)))))
       ;; The referee names the rule broken (threat, removed cell, not a knight's jump).
       (values (cell-name dest) nil))
      (t
       (let* ((candidates (remove-if-not (lambda (m) (and (consp m) (= (car m) dest))) moves))
              (best (first (sort (mapcar (lambda (m) (differences (course-board (play p m) swap) got))
                                         candidates)
                                 #'< :key #'length))))
         (values "none"
                 (list :obj :lisp "wrong-board" :dest (cell-name dest)
                       :differences (cons :arr (subseq best 0 (min 6 (length best))))
                       :more (max 0 (- (length best) 6)))))))))

(defun answer-move (p answer swap)
  "The move TEAM's ANSWER stands for, as text for `bestmove`, and a report (see SAY-REPORT) when
the answer is not a legal move (then the text is `none`, or a cell for the referee to refuse)."
  (let ((moves (legal-moves p)))
    (cond
      ((null answer)
       (values "none" (list :obj :lisp "returned-nil" :side (side-name p)
                            :legal (cons :arr (mapcar #'move-string moves)))))
      ((or (stringp answer) (and (symbolp answer) (not (eq answer t))))
       (let* ((text (string answer)) (m (find-move p text)))
         (values (if m (move-string m) text) nil)))
      ((and (integerp answer) (<= 0 answer 99))
       (let ((m (find-if (lambda (m) (and (consp m) (= (car m) answer) (null (cdr m)))) moves)))
         (values (if m (move-string m) (cell-name answer)) nil)))
      ((and (list-of-length-p answer 2) (every #'integerp answer)) (cell-answer answer moves))
      ((find-board answer) (board-answer p (find-board answer) swap moves))
      (t (values "none" (list :obj :lisp "not-an-answer" :answer (bounded (show answer) 300)))))))

;;; ------------------------------------------------------------------------------------------
;;; The protocol.

(defun quit-lisp (code)
  (finish-output *protocol-out*)
  (finish-output *error-output*)
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

(defconstant +frames-looked-at+ 300 "How many frames of the stack are looked at for a name.")

(defconstant +frames-shown+ 6 "How many of the team's frames a crash report shows, at most.")

(defun frame-text (frame)
  "FRAME as the call it stands for, printed briefly."
  #+sbcl
  (or (ignore-errors
       (multiple-value-bind (name args) (sb-debug::frame-call frame)
         (let ((*package* (find-package "CL-USER")) (*print-pretty* nil) (*print-circle* t)
               (*print-length* 3) (*print-level* 4) (*print-readably* nil))
           (bounded (prin1-to-string (cons (or (team-name-in name) name) args)) 200))))
      "?")
  #-sbcl (declare (ignore frame)))

(defun team-frames ()
  "The innermost frames of the team's functions on the stack (SBCL's backtrace), innermost
first, at most +FRAMES-SHOWN+."
  (let ((frames '()) (count 0))
    #+sbcl
    (block walk
      (sb-debug::map-backtrace
       (lambda (frame)
         (when (or (> (incf count) +frames-looked-at+) (>= (length frames) +frames-shown+))
           (return-from walk))
         (when (ignore-errors (team-name-in (sb-di:debug-fun-name (sb-di:frame-debug-fun frame))))
           (push (frame-text frame) frames)))))
    (nreverse frames)))

(defun crash-report (c)
  "The report of the error C that the team's function signalled: the condition, the team's
frames where it happened, and the state the function was handed (a course board)."
  (list :obj :lisp "signalled" :function *function-name* :condition (condition-report c)
        :frames (cons :arr (ignore-errors (team-frames)))
        :state (let ((*print-pretty* nil) (*print-length* nil) (*print-level* nil) (*print-circle* nil))
                 (bounded (prin1-to-string *call-state*) 1200))))

(defun answer-go (p tokens)
  (let ((moves (legal-moves p)))
    (cond
      ((null moves) (say "bestmove none"))
      ((and (eq *forced* :adapter)
            (or (eq (first moves) :pass) (null (aref (pos-knights p) (pos-side p)))))
       (say "bestmove ~A" (move-string (first moves))))
      (t
       (multiple-value-bind (answer swap ms)
           (let ((storage nil) (crash nil))
             (handler-case
                 ;; Named before unwinding, while the stack still shows the recursion or the error.
                 (handler-bind ((storage-condition
                                  (lambda (c) (unless storage (setf storage (storage-report c)))))
                                (error
                                  (lambda (c) (unless (or crash (memory-limit-reached-p))
                                                (setf crash (crash-report c))))))
                   (team-call p (go-time tokens (pos-side p))))
               (storage-condition (c)
                 (if (memory-condition-p c) (fail-memory c) (fail-report (or storage (storage-report c)))))
               (error (e)
                 (when (memory-limit-reached-p) (fail-memory e))
                 (fail-report (or crash (crash-report e))))))
         (multiple-value-bind (text why) (answer-move p answer swap)
           (say "info time ~D" ms)
           (when why (say-report "illegal" why))
           (say "bestmove ~A" text)))))))

(defun serve (name)
  (let ((p nil) (threat t) (zero-double t))
    (loop
      (let* ((line (read-line *protocol-in* nil nil))
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

;;; ------------------------------------------------------------------------------------------
;;; Keeping standard output to the protocol.

#+sbcl
(defun dup-private (fd)
  "A copy of descriptor FD that programs started from here do not inherit, or NIL."
  (let ((copy (sb-alien:alien-funcall
               (sb-alien:extern-alien "dup" (function sb-alien:int sb-alien:int)) fd)))
    (when (>= copy 0)
      ;; fcntl (copy, F_SETFD, FD_CLOEXEC): 2 and 1 on Linux and the BSDs.
      (sb-alien:alien-funcall
       (sb-alien:extern-alien "fcntl" (function sb-alien:int sb-alien:int sb-alien:int sb-alien:int))
       copy 2 1)
      copy)))

#+sbcl
(defun dup2 (from to)
  (>= (sb-alien:alien-funcall
       (sb-alien:extern-alien "dup2" (function sb-alien:int sb-alien:int sb-alien:int)) from to)
      0))

(defun take-protocol-streams ()
  "Moves the protocol to private copies of standard input and output, then points descriptor 1
at standard error and descriptor 0 at /dev/null: whatever else writes on standard output (the
runtime's last words when it dies, a program the team starts) lands on standard error, and
nothing but protocol lines ever reaches the referee, nor do its commands reach anyone else."
  #+sbcl
  (let ((out (dup-private 1)))
    (when (and out (dup2 2 1))
      (setf *protocol-out* (sb-sys:make-fd-stream out :output t :buffering :full
                                                      :external-format :utf-8 :name "protocol output")))
    (let ((in (dup-private 0))
          (null (sb-unix:unix-open "/dev/null" sb-unix:o_rdonly 0)))
      (when (and in null (dup2 null 0))
        (setf *protocol-in* (sb-sys:make-fd-stream in :input t :buffering :full
                                                       :external-format :utf-8 :name "protocol input")))
      (when null (sb-unix:unix-close null)))))

;;; ------------------------------------------------------------------------------------------
;;; What went wrong, in words a team can act on.

(defun team-symbol-p (x)
  "Whether X names something of the team's (not of Lisp, SBCL or the adapter)."
  (and (symbolp x) x (symbol-package x)
       (let ((name (package-name (symbol-package x))))
         (not (or (member name '("COMMON-LISP" "KEYWORD" "CAVALO-ADAPTER") :test #'string=)
                  (and (> (length name) 3) (string= "SB-" name :end2 3)))))))

(defun team-name-in (name)
  "The team's function a backtrace frame's NAME stands for (FOO, or FOO in (FLET FOO :IN BAR)
and (LAMBDA (X) :IN FOO)), or NIL."
  (cond ((team-symbol-p name) name)
        ((consp name) (loop for part in name when (team-symbol-p part) return part))))

(defun deepest-repeating-function ()
  "The team's function that repeats nearest the top of the stack (the recursion that ran away),
else the team's function nearest the top, else NIL."
  (let ((names '()) (count 0))
    #+sbcl
    (block walk
      (sb-debug::map-backtrace
       (lambda (frame)
         (when (> (incf count) +frames-looked-at+) (return-from walk))
         (let ((name (ignore-errors (team-name-in (sb-di:debug-fun-name (sb-di:frame-debug-fun frame))))))
           (when name (push name names))))))
    (setf names (nreverse names))
    (or (loop for (name . rest) on names when (member name rest) return name)
        (first names))))

(defun heap-mib ()
  #+sbcl (floor (sb-ext:dynamic-space-size) (* 1024 1024))
  #-sbcl 0)

(defparameter +memory-sign+ "cavalo-adapter: memory limit reached"
  "The line on standard error by which the referee knows its memory limit was reached.")

(defconstant +memory-probe-bytes+ (* 32 1024 1024)
  "How much more memory a program at its memory limit cannot have.")

(defun memory-condition-p (condition)
  "Whether CONDITION is a failure to get memory outside the heap (a storage condition that is
neither an exhausted heap nor an exhausted stack: malloc failed)."
  (let ((name (symbol-name (type-of condition))))
    (and (typep condition 'storage-condition) (not (search "HEAP" name)) (not (search "STACK" name)))))

(defun memory-limit-reached-p ()
  "Whether the program's memory is (nearly) all taken: +MEMORY-PROBE-BYTES+ more cannot be had.
The referee limits the whole address space (the heap and SBCL's own spaces, see heap-mb), so a
failed thread or a null pointer from malloc is then the limit's doing."
  #+sbcl
  (ignore-errors
   (let ((p (sb-alien:alien-funcall
             (sb-alien:extern-alien "malloc" (function sb-sys:system-area-pointer sb-alien:unsigned-long))
             +memory-probe-bytes+)))
     (or (zerop (sb-sys:sap-int p))
         (progn (sb-alien:alien-funcall
                 (sb-alien:extern-alien "free" (function sb-alien:void sb-sys:system-area-pointer)) p)
                nil))))
  #-sbcl nil)

(defun fail-memory (condition)
  "Writes +MEMORY-SIGN+ on standard error and exits: the referee recognises the line and says,
in the player's language, that the memory limit was reached and how to raise it."
  (ignore-errors
   (format *error-output* "~&~A (~A)~%" +memory-sign+ (one-line condition)))
  (quit-lisp 1))

(defun storage-report (condition)
  "The report of an exhausted stack (naming the function that recursed) or heap; NIL for the
memory limit (see FAIL-MEMORY)."
  (cond
    ((memory-condition-p condition) nil)
    ((search "HEAP" (symbol-name (type-of condition)))
     (list :obj :lisp "heap-exhausted" :heap-mb (heap-mib)))
    (t
     (let ((name (ignore-errors (deepest-repeating-function))))
       (list :obj :lisp "stack-exhausted" :function (and name (lisp-name name)))))))

(defun load-place ()
  "Where the form being loaded starts, as (FILE BYTE-POSITION), from SBCL's record; or NIL."
  #+sbcl
  (ignore-errors
   (flet ((sb-c (name &rest args) (apply (find-symbol name "SB-C") args)))
     (let* ((info (symbol-value (find-symbol "*SOURCE-INFO*" "SB-C")))
            (file-info (sb-c "SOURCE-INFO-FILE-INFO" info))
            (positions (sb-c "FILE-INFO-POSITIONS" file-info))
            (name (or (ignore-errors (sb-c "FILE-INFO-TRUENAME" file-info))
                      (sb-c "FILE-INFO-PATHNAME" file-info))))
       (when (and (or (stringp name) (pathnamep name)) (plusp (length positions)))
         (list name (aref positions (1- (length positions)))))))))

(defun line-at (file position)
  "The line of FILE where the form read from byte POSITION starts (blanks and comments skipped)."
  (ignore-errors
   (with-open-file (s file :element-type '(unsigned-byte 8))
     (let ((line 1))
       (loop repeat position for b = (read-byte s nil) while b when (= b 10) do (incf line))
       (loop for b = (read-byte s nil)
             do (case b
                  (10 (incf line))
                  ((9 13 32))
                  (59 (loop for c = (read-byte s nil) until (or (null c) (= c 10))
                            finally (when c (incf line))))
                  (t (return line))))))))

(defun line-in-message (text)
  "The number after `line: ` in TEXT (SBCL names the line of a read error), or NIL."
  (let ((at (search "line: " text :test #'char-equal)))
    (and at (parse-integer text :start (+ at 6) :junk-allowed t))))

(defun cut-out (text start end replacement)
  "TEXT with every stretch from START to the next END replaced by REPLACEMENT."
  (let ((from (search start text)))
    (if (null from)
        text
        (let ((to (search end text :start2 (+ from (length start)))))
          (if (null to)
              (concatenate 'string (subseq text 0 from) replacement)
              (concatenate 'string (subseq text 0 from) replacement
                           (cut-out (subseq text (+ to (length end))) start end replacement)))))))

(defun load-problem (condition place path)
  "What went wrong loading PATH, as a report object: the file (when another file loaded from it),
the line, and the problem (a read error without SBCL's stream and position details, standard
input read at load, or another error in SBCL's words)."
  (let* ((raw (let ((*print-pretty* t) (*print-right-margin* 100) (*print-circle* t)
                    (*print-length* 12) (*print-level* 4))
                (princ-to-string condition)))
         (kept (remove-if (lambda (l)
                            (let ((l (string-left-trim " " l)))
                              (some (lambda (p) (eql 0 (search p l)))
                                    '("Line: " "Stream: " "(in form starting at"))))
                          (split raw #\Newline)))
         (file (if place (first place) path))
         (text (one-line (format nil "~{~A~^ ~}" kept)))
         (text (cut-out text "#<SB-INT:FORM-TRACKING-STREAM" ">" (file-namestring file)))
         (read (search "READ error during LOAD:" text))
         (text (string-trim " " (cut-out text "READ error during LOAD:" "" "")))
         (line (or (and (search "READ error" raw) (line-in-message raw))
                   (and place (line-at (first place) (second place)))))
         (problem (cond ((and (typep condition 'end-of-file)
                              (typep (stream-error-stream condition) 'string-stream))
                         (list :obj :kind "reads-input"))
                        (read (list :obj :kind "read" :text (bounded text 600)
                                    :eof (if (eql 0 (search "end of file" text)) t :false)))
                        (t (list :obj :kind "error" :text (bounded text 600))))))
    (list :obj :lisp "cannot-load" :file (file-namestring path)
          :within (unless (equal (file-namestring file) (file-namestring path)) (file-namestring file))
          :line line :problem problem)))

(defun quiet (c)
  "Muffles the warning or note C when it can be."
  (let ((r (find-restart 'muffle-warning c))) (when r (invoke-restart r))))

(defun load-team (path)
  "Loads the team's file at PATH as the team's code (its folder the default for relative
loads); says why and exits when that fails. SBCL's remarks on the file as it compiles it
(warnings, notes) are not shown: they are not the program's output, and a crash names its cause."
  (let ((*default-pathname-defaults* (make-pathname :name nil :type nil :version nil :defaults path))
        (place nil) (storage nil))
    (handler-case
        (handler-bind ((storage-condition (lambda (c) (unless storage (setf storage (storage-report c)))))
                       (warning #'quiet)
                       #+sbcl (sb-ext:compiler-note #'quiet)
                       (error (lambda (c) (declare (ignore c)) (setf place (load-place)))))
          (with-team-streams (load path)))
      (serious-condition (e)
        (when (or (memory-condition-p e) (memory-limit-reached-p)) (fail-memory e))
        (fail-report
         (if (typep e 'storage-condition)
             (let ((r (or storage (storage-report e))))
               (list :obj :lisp "cannot-load" :file (file-namestring path) :within nil :line nil
                     :problem (list* :obj :kind (third r) (nthcdr 3 r))))
             (load-problem e place path)))))))

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

(defun limit-processes (n)
  "Limits this process and all it starts to N processes and threads (RLIMIT_NPROC, soft and hard:
it cannot be raised again). In the referee's sandbox, whose user namespace is its own, only the
sandbox's own tasks count. Says why and exits when the limit cannot be set."
  (sb-alien:with-alien ((limit (array (sb-alien:unsigned 64) 2)))
    (setf (sb-alien:deref limit 0) n (sb-alien:deref limit 1) n)
    (unless (zerop (sb-alien:alien-funcall
                    (sb-alien:extern-alien "setrlimit"
                                           (function sb-alien:int sb-alien:int
                                                     (* (array (sb-alien:unsigned 64) 2))))
                    6 (sb-alien:addr limit)))
      (format *error-output* "cavalo-adapter: cannot limit the processes to ~D~%" n)
      (sb-ext:exit :code 70 :abort t))))

(defun main (&key file (function "jogar") (state :board-points) (args '(:state :time)) white-only
               (time-scale 1) (reserve-ms 20) (cell-base 0) (forced :adapter) name processes)
  "Loads the team's FILE, finds its function, and speaks the protocol until `quit`; says why and
exits when the file cannot be loaded or the function is not there. The keywords are the glue;
PROCESSES, given by the referee's sandbox, limits the processes before the team's file is loaded."
  (when processes (limit-processes processes))
  (take-protocol-streams)
  (let ((*standard-output* *error-output*)
        (path (merge-pathnames file)))
    (load-team path)
    (setf *function* (or (find-function function)
                         (fail-report (list :obj :lisp "no-function" :file (file-namestring path)
                                            :function (string-upcase function)))))
    (setf *function-name* function *state* state *args* args *white-only* white-only *time-scale* time-scale
          *reserve-ms* reserve-ms *cell-base* cell-base *forced* forced)
    (serve (or name (pathname-name (pathname file))))))
