;;;; course-rules.lisp -- the rules of Jogo do Cavalo written as a course project writes them:
;;;; the board is a list of 10 lists of 10 atoms (0..99 a number, NIL removed, -1 the white
;;;; knight, -2 the black knight). Shared by the example programs greedy.lisp and alphabeta.lisp.

(defun celula (l c tab) (nth c (nth l tab)))

(defun substituir (l c tab valor)
  "A new board with cell (L C) set to VALOR."
  (loop for linha in tab for i from 0
        collect (if (= i l)
                    (loop for x in linha for j from 0 collect (if (= j c) valor x))
                    linha)))

(defun posicao-valor (tab valor)
  "The (line column) of the cell holding VALOR, or NIL."
  (loop for linha in tab for l from 0
        do (loop for x in linha for c from 0
                 when (eql x valor) do (return-from posicao-valor (list l c)))))

(defun duplo-p (v) (and (integerp v) (>= v 0) (= (floor v 10) (mod v 10))))

(defun simetrico (v)
  (multiple-value-bind (a b) (floor v 10) (if (/= a b) (+ (* 10 b) a) nil)))

(defun saltos (l c)
  (loop for (dl dc) in '((-2 -1) (-2 1) (-1 -2) (-1 2) (1 -2) (1 2) (2 -1) (2 1))
        for l2 = (+ l dl) for c2 = (+ c dc)
        when (and (<= 0 l2 9) (<= 0 c2 9)) collect (list l2 c2)))

(defun ameacada-p (l c tab adversario)
  "Whether (L C) is one knight's jump from the ADVERSARIO's knight."
  (let ((a (posicao-valor tab adversario)))
    (and a (member (list l c) (saltos (first a) (second a)) :test #'equal))))

(defun remover-valor (tab v)
  (let ((p (posicao-valor tab v))) (if p (substituir (first p) (second p) tab nil) tab)))

(defun maior-duplo (tab)
  (loop for linha in tab maximize (loop for x in linha maximize (if (duplo-p x) x -1))))

(defun mover (tab jogador l c)
  "The board after JOGADOR's knight lands on (L C), and the points it scores."
  (let* ((v (celula l c tab))
         (de (posicao-valor tab jogador))
         (tab (if de (substituir (first de) (second de) tab nil) tab))
         (tab (substituir l c tab jogador))
         (s (simetrico v))
         (tab (if s (remover-valor tab s) tab))
         (d (and (duplo-p v) (maior-duplo tab))))
    (values (if (and d (>= d 0)) (remover-valor tab d) tab) v)))

(defun destinos (tab jogador &optional (regra-ameaca t))
  "The cells JOGADOR's knight may land on (after both placements)."
  (let ((p (posicao-valor tab jogador))
        (adversario (if (= jogador -1) -2 -1)))
    (when p
      (remove-if-not (lambda (lc)
                       (and (integerp (celula (first lc) (second lc) tab))
                            (not (and regra-ameaca (ameacada-p (first lc) (second lc) tab adversario)))))
                     (saltos (first p) (second p))))))
