;;;; alphabeta.lisp -- an example course program: plain alpha-beta (negamax) to a fixed depth,
;;;; evaluating the points difference.
;;;;
;;;; Written for White only, as many course programs are: its knight is always -1. Its state is
;;;; ((own-points other-points) board) and its function returns the new state. Glue:
;;;;   lisp:adapters/lisp/examples/alphabeta.lisp,function=jogada-computador,state=points-board,white-only=yes

(load (merge-pathnames "course-rules.lisp" *load-truename*))

(defparameter *profundidade* 4)

(defun negamax (tab jogador proprios outros profundidade alfa beta)
  "The value of TAB for JOGADOR (to move), who has PROPRIOS points against OUTROS."
  (let* ((adversario (if (= jogador -1) -2 -1))
         (jogadas (destinos tab jogador)))
    (cond
      ((and (null jogadas) (null (destinos tab adversario)))
       (* 1000 (signum (- proprios outros))))
      ((= profundidade 0) (- proprios outros))
      ((null jogadas)
       (- (negamax tab adversario outros proprios (1- profundidade) (- beta) (- alfa))))
      (t
       (dolist (lc jogadas alfa)
         (multiple-value-bind (novo ganho) (mover tab jogador (first lc) (second lc))
           (let ((v (- (negamax novo adversario outros (+ proprios ganho) (1- profundidade)
                                (- beta) (- alfa)))))
             (when (> v alfa) (setf alfa v))
             (when (>= alfa beta) (return alfa)))))))))

(defun jogada-computador (estado tempo-ms)
  (declare (ignore tempo-ms))
  (let* ((pontos (first estado)) (tab (second estado))
         (melhor nil) (melhor-valor most-negative-fixnum))
    (dolist (lc (destinos tab -1))
      (multiple-value-bind (novo ganho) (mover tab -1 (first lc) (second lc))
        (let ((v (- (negamax novo -2 (second pontos) (+ (first pontos) ganho) (1- *profundidade*)
                             most-negative-fixnum (- melhor-valor)))))
          (when (> v melhor-valor) (setf melhor-valor v melhor (list novo ganho))))))
    (if melhor
        (list (list (+ (first pontos) (second melhor)) (second pontos)) (first melhor))
        estado)))
