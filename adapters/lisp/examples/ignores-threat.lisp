;;;; ignores-threat.lisp -- a deliberately wrong example: greedy, but it forgets the threat rule
;;;; (a knight may not land on a cell the other knight attacks). The referee forfeits it the first
;;;; time it lands on such a cell and names the attacking knight.
;;;;
;;;; It answers with the cell as (line column), counted from 0. Glue:
;;;;   lisp:adapters/lisp/examples/ignores-threat.lisp,function=melhor-casa,args=state+time+side

(load (merge-pathnames "course-rules.lisp" *load-truename*))

(defun melhor-casa (estado tempo jogador)
  (declare (ignore tempo))
  (let ((tab (first estado)))
    (first (sort (copy-list (destinos tab jogador nil)) #'>
                 :key (lambda (lc) (celula (first lc) (second lc) tab))))))
