;;;; cavalo-adapter-rules.lisp -- the rules of Jogo do Cavalo (RULES.md) and the positions of
;;;; the engine protocol, for the Lisp adapter (cavalo-adapter.lisp, which loads this file first;
;;;; `cavalo` builds both into one file).
;;;;
;;;; Portable Common Lisp (tested on SBCL).

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

