;;;; greedy.lisp -- an example course program: takes the highest number in reach.
;;;;
;;;; Its championship function gets the state (board (white-points black-points)), the time in ms
;;;; and the player (-1 white, -2 black), and returns the new state. Glue:
;;;;   lisp:adapters/lisp/examples/greedy.lisp,args=state+time+side

(load (merge-pathnames "course-rules.lisp" *load-truename*))

(defun jogar (estado tempo jogador)
  (declare (ignore tempo))
  (let* ((tab (first estado))
         (pontos (second estado))
         (melhor (first (sort (copy-list (destinos tab jogador)) #'>
                              :key (lambda (lc) (celula (first lc) (second lc) tab))))))
    (if (null melhor)
        estado
        (multiple-value-bind (novo ganho) (mover tab jogador (first melhor) (second melhor))
          (list novo (if (= jogador -1)
                         (list (+ (first pontos) ganho) (second pontos))
                         (list (first pontos) (+ (second pontos) ganho))))))))
