;;;; measure-overhead.lisp -- how much time the adapter adds to each move of a team's program.
;;;;
;;;;   sbcl --script adapters/lisp/measure-overhead.lisp
;;;;
;;;; Plays the example greedy program against itself on boards 1..50 through the adapter's own
;;;; functions and compares, per move, the time of the team's function alone with the time of
;;;; the adapter's whole answer (building the course board and state, calling the function,
;;;; finding the move by comparing boards, writing `bestmove`). The pipe's round trip comes on
;;;; top (measure it with `isready`).

(load (merge-pathnames "cavalo-adapter.lisp" *load-truename*))
(in-package #:cavalo-adapter)

(let ((here (make-pathname :name nil :type nil :defaults *load-truename*)))
  (let ((*standard-output* (make-broadcast-stream)))
    (load (merge-pathnames "examples/greedy.lisp" here))))

(setf *function* (find-function "jogar") *args* '(:state :time :side))

(defun now-us () (/ (* 1000000 (get-internal-real-time)) internal-time-units-per-second))

(let ((team 0) (whole 0) (moves 0) (reps 20)
      (sink (make-broadcast-stream)))
  (loop for seed from 1 to 50
        do (let ((p (seeded-position seed t t)))
             (loop for ms = (legal-moves p)
                   while ms
                   do (if (or (eq (first ms) :pass) (null (aref (pos-knights p) (pos-side p))))
                          (setf p (play p (first ms)))
                          (let* ((state (list (course-board p) (coerce (pos-points p) 'list)))
                                 (side (if (= (pos-side p) 0) -1 -2))
                                 (answer nil))
                            (let ((t0 (now-us)))
                              (dotimes (i reps) (setf answer (funcall *function* state 1000 side)))
                              (incf team (- (now-us) t0)))
                            (let ((t0 (now-us)))
                              (dotimes (i reps)
                                (let ((*protocol-out* sink)) (answer-go p '("go" "movetime" "1000"))))
                              (incf whole (- (now-us) t0)))
                            (incf moves)
                            (setf p (play p (find-move p (answer-move p answer nil)))))))))
  (format t "~D moves (x~D): team function ~,1F us per move, adapter's whole answer ~,1F us per move, ~
             the adapter adds ~,1F us per move~%"
          moves reps (/ team moves reps 1.0) (/ whole moves reps 1.0) (/ (- whole team) moves reps 1.0)))
