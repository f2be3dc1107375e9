# As palavras do Cavalo em português (pt-PT). Uma mensagem por chave; o catálogo
# inglês (../en/cavalo.ftl) tem as mesmas chaves com os mesmos argumentos.
# Os números passados como argumentos são formatados pelo programa (milhares agrupados).

## Lados, jogadores, modos

side-white = Branco
side-black = Preto
player-human = humano
move-pass = passa
player-computer-named = computador ({ $name })
player-computer = computador
mode-human-computer = Humano vs Computador
mode-computer-computer = Computador vs Computador
mode-human-human = Humano vs Humano
# Um lado com o seu jogador: "Branco (motor Cavalo)", "Preto (motor Cavalo, nível 3)" (nunca
# "Branco (cavalo)", que se lê como a peça), ou "Branco" para um humano; o nome de um jogador com o
# seu nível: "Cavalo, nível 3".
who-engine-level = { $player }, nível { $level }
who-computer = { $side } (motor { $player })
who-computer-level = { $side } (motor { $player }, nível { $level })
who-human = { $side }

rules-canonical = canónicas
rules-no-threat = sem a regra da ameaça
rules-no-zero-double = 00 não é duplo

## As estatísticas da disciplina

stat-move = jogada
stat-ply = meia-jogada
stat-points = pontos
stat-gained = ganhos
stat-nodes = nós analisados
stat-alpha-cuts = cortes alfa
stat-beta-cuts = cortes beta
stat-time = tempo
stat-depth = profundidade
stat-value = valor
stat-pv = variante principal
stat-speed = velocidade
stat-player = jogador
stat-moves = jogadas
stat-passes = passagens
stat-searches = procuras
stat-mean-depth = profundidade média
stat-max-depth = profundidade máxima
stat-total = total
sum-points = { $count ->
    [one] { $count } ponto
   *[other] { $count } pontos
}
sum-moves = { $count ->
    [one] { $count } jogada
   *[other] { $count } jogadas
}
sum-passes = { $count ->
    [one] { $count } passagem
   *[other] { $count } passagens
}
unit-ms = { $ms } ms
unit-s = { $s } s
unit-nps = { $nps } nós/s
value-proven = { $value } (provado)

## Anúncios (o que aconteceu no jogo)

ann-placement = O cavalo de { $who } é colocado em { $cell } (+{ $gained }).
ann-move = { $who } joga { $move } (+{ $gained }).
ann-symmetric-removed = O número simétrico { $number } é removido.
ann-double-removed = O duplo { $number } é removido.
ann-pass = { $who } não tem jogadas legais e passa.
ann-hint = Sugestão: { $move }.
ann-undo = { $count ->
    [one] Uma meia-jogada anulada.
   *[other] { $count } meias-jogadas anuladas.
}
ann-quit = O jogo foi abandonado.
ann-thinking = { $who } está a pensar…
ann-to-move = { $who } a jogar: { $count ->
    [one] uma jogada legal.
   *[other] { $count } jogadas legais.
}
ann-game-over = Fim do jogo: { $result }
result-win = Vitória de { $side }, { $winner }–{ $loser }.
result-draw = Empate, { $points }–{ $points }.
result-abandoned = Abandonado com { $white }–{ $black }.
result-word-win = vitória
result-word-draw = empate

## Erros

err-not-your-turn = Não é a sua vez.
err-not-computer-turn = Não é a vez do computador.
err-not-program-turn = Não é a vez de um programa.
err-not-forced = A jogada não é forçada.
err-game-over = O jogo terminou.
err-game-abandoned = O jogo foi abandonado.
err-hint-not-move = Essa procura era uma sugestão, não uma jogada.
err-illegal = Jogada ilegal { $mv }: { $reason }.
illegal-game-over = o jogo terminou
illegal-pass-not-allowed = { $side ->
        [white] o Branco
       *[black] o Preto
    } tem uma jogada possível, por isso não pode passar
illegal-must-pass = { $side ->
        [white] o Branco
       *[black] o Preto
    } não tem nenhuma jogada possível e tem de passar
illegal-place-on = { $side ->
        [white] o Branco
       *[black] o Preto
    } tem de colocar o cavalo em { $cell }, o número mais alto da linha { $row }
illegal-no-placement = { $side ->
        [white] o Branco
       *[black] o Preto
    } não tem nenhuma casa onde colocar o cavalo
illegal-not-a-jump = { $to } não fica a um salto de cavalo de { $from }
illegal-removed = a casa { $cell } foi removida
illegal-occupied = a casa { $cell } está ocupada pelo cavalo { $side ->
        [white] branco
       *[black] preto
    }
illegal-threatened = a casa { $cell } está ameaçada pelo cavalo { $side ->
        [white] branco
       *[black] preto
    } em { $from }
illegal-unreachable = a casa { $cell } não pode ser alcançada
illegal-nothing-to-remove = a casa { $cell } tem o { $value }, que não é um duplo, por isso não há nada a remover
illegal-removes-landing = o { $value } é o duplo onde o cavalo chega
illegal-no-such-double = não há nenhum duplo { $value } no tabuleiro para remover
err-nothing-to-undo = Não há nenhuma jogada sua para anular.
err-stale = A procura era para outra posição.
err-start = Posição inicial inválida: { $reason }.
err-io-log = Não foi possível escrever o log { $path }: { $reason }.
err-io-record = Não foi possível guardar o registo { $path }: { $reason }.
io-permission = permissão recusada
io-full = o disco está cheio
io-read-only = o sistema de ficheiros é só de leitura
io-not-found = a pasta não existe
err-store = Não foi possível ler ou escrever a base de dados dos jogos: { $reason }.
err-store-full = O disco está cheio: não foi possível escrever a base de dados dos jogos ({ $reason }).
err-store-read-only = Não é possível escrever a base de dados dos jogos aqui ({ $reason }).
err-store-locked = Outro programa tem a base de dados dos jogos bloqueada: tente de novo ({ $reason }).
err-store-corrupt = A base de dados dos jogos está danificada ou não é uma base de dados do Cavalo ({ $reason }).
err-store-not-found = Nenhum jogo guardado corresponde: { $reason }.
err-store-open-damaged = A base de dados de jogos { $path } está danificada ou não é uma base de dados do Cavalo, e o Cavalo não a vai usar (SQLite: { $reason }). Guarde uma cópia do ficheiro e depois reponha uma cópia anterior ao dano, ou mude o ficheiro de sítio para começar com uma base de dados vazia; ou indique outro sítio com --data-dir ou --db.
err-store-open-read-only = O Cavalo não consegue escrever na base de dados de jogos { $path } (SQLite: { $reason }). Dê a este utilizador permissão de escrita no ficheiro e na sua pasta, ou indique outro sítio com --data-dir ou --db.
err-store-open-newer = A base de dados de jogos { $path } foi criada por uma versão mais recente do Cavalo: a versão do esquema é { $found } e este programa lê versões do esquema até { $known }. Use essa versão mais recente do Cavalo, ou indique outro sítio com --data-dir ou --db (o ficheiro não foi alterado).
err-store-open-bad-version = A base de dados de jogos { $path } tem a versão do esquema { $found }, que não é uma versão que o Cavalo escreva: o ficheiro está danificado ou não é uma base de dados do Cavalo, e o Cavalo não o vai usar. Guarde uma cópia do ficheiro e depois reponha uma cópia anterior ao dano, ou mude o ficheiro de sítio para começar com uma base de dados vazia; ou indique outro sítio com --data-dir ou --db (o ficheiro não foi alterado).
err-restore = Jogo guardado inválido: { $reason }.
err-busy = Aguarde: o computador está a pensar.
err-unreadable = `{ $text }` não é uma jogada: { $reason }.
err-not-a-removal = `{ $text }` não é nenhum dos duplos que se podem remover: { $choices }.
unreadable-empty = não foi escrito nada
unreadable-no-cell = uma jogada começa por uma casa como E3 (ou é `pass`)
unreadable-column = a coluna tem de ser uma letra de A a J
unreadable-row = a linha tem de ser um número de 1 a 10
unreadable-pair = escreva a casa como letra e número (E3) ou como dois números, linha e coluna (3 5)
unreadable-pair-row = a linha tem de ser um número de 1 a 10
unreadable-pair-column = a coluna tem de ser um número de 1 a 10
unreadable-removal-digits = depois de `x` vem o duplo a remover com dois algarismos (como x88), não `{ $text }`
unreadable-not-double = { $text } não é um duplo (00, 11, …, 99)

## Terminal

term-prompt = { $side } a jogar (escreva uma casa como E3, ou help):
term-double-prompt = Cair em { $number } remove outro duplo: qual ({ $options })? Enter para { $default }, cancel (ou Esc) para escolher outra jogada.
term-enlarge = A janela é demasiado pequena: aumente-a para pelo menos { $width }×{ $height }.
term-last-search = Última procura
term-no-search = Ainda sem procuras.
term-moves = Jogadas
term-board = Tabuleiro
term-help = Ajuda
term-totals = Totais
term-record-saved = Registo do jogo guardado em { $path }
term-quit-confirm = Abandonar o jogo? (s/n)

## Linhas do terminal (simples e ecrã inteiro)

term-intro = Jogo do Cavalo: { $white } contra { $black }. Regras: { $rules }. Início: { $start }.
term-time-per-move = Tempo do computador por jogada: { $ms } ms.
term-type-help = Escreva ajuda para ver os comandos.
term-points-line = Pontos: { $white } { $wpoints }, { $black } { $bpoints }. Meia-jogada { $ply }.
term-moves-line = Jogadas: { $moves }
term-statistics = Estatísticas: { $stats }
term-end-of-input = Fim da entrada: o jogo é interrompido e guardado como abandonado (para rever com `cavalo games show`; um jogo abandonado não se retoma).
term-quit-ask = Sair deste jogo? Fica guardado como abandonado, para rever mas não para continuar. (s/n) [n]:{ " " }
term-goes-on = O jogo continua.
term-hint-thinking = A pensar numa sugestão…
term-taken-back = Anulado: { $moves }.
# What the program writes before a message that ends it with a failure.
error-prefix = erro
term-error-help = { $error } Escreva ajuda para obter ajuda.
term-double-holds = { $cell } tem o duplo { $value }: remove outro duplo: { $list }.
term-double-which = Que duplo remover? Enter para { $default }; cancelar (Esc no ecrã inteiro) para escolher outra jogada:{ " " }
term-move-cancelled = Jogada cancelada.
term-saved = Jogo guardado em { $path }
term-stored = Jogo { $id }, guardado em { $path }
term-resume-not-playing = O jogo { $id } não está a decorrer: não há nada para retomar (`cavalo games show { $id }` mostra-o). Um jogo que acabou ou foi abandonado (sair, fim da entrada, Ctrl-C, o terminal fechado) está terminado, na base de dados dos jogos e no log.dat; só um jogo cortado sem aviso (o programa morto, a máquina parada) se retoma.
term-line-too-long = Essa linha tinha mais de 64 KiB e foi ignorada.
term-line-not-utf8 = Essa linha não era texto UTF-8 válido e foi ignorada.
term-log-appended = Registo (log) acrescentado em { $path }
term-warning = aviso: { $text }
term-legend = WN/BN cavalo branco/preto, [..] última jogada, <..> casa que deixou, * pode jogar aqui, ! ameaçada pelo outro cavalo, . removida
term-prompt-move = { $who } a jogar>{ " " }
term-input-title = { $who } a jogar: uma casa (E3 ou 3 5), dica, anular, ajuda, sair
term-keys-computer = q ou Esc: sair
term-game-over-key = Fim do jogo: carregue numa tecla para sair
term-messages = Mensagens
term-game = Jogo
term-thinking-for = { $who } está a pensar… { $seconds } s
term-hint-search = Procura da sugestão
term-wait-hint = Aguarde pela sugestão.
term-search-dropped = A procura do computador foi descartada: { $error }
help-title = Escreva uma jogada ou um comando:
help-cell = mover o cavalo para E3 (letra da coluna A-J, depois a linha 1-10)
help-rowcol = a mesma casa como números de linha e coluna (linha 3, coluna 5 = E3)
help-double = cair no duplo em E3 e remover o 88 (em vez do maior outro duplo)
help-hint = pedir uma sugestão ao computador
help-undo = anular a sua última jogada (e a resposta do computador)
help-help = mostrar esta ajuda
help-quit = parar o jogo (fica guardado como abandonado: pode ser revisto, não retomado)
# As palavras que o jogador escreve para cada comando, separadas por espaços; a primeira é a que
# a ajuda mostra. As palavras das duas línguas são entendidas em ambas.
cmd-hint = dica
cmd-undo = anular
cmd-help = ajuda ?
cmd-quit = sair
cmd-cancel = cancelar
cmd-yes = s sim

## O menu inicial de `cavalo play`

menu-mode-title = Modo de jogo:
menu-mode-1 = Humano vs Computador
menu-mode-2 = Computador vs Computador
menu-mode-3 = Humano vs Humano
menu-choose-123 = Escolha 1, 2 ou 3 [1]:{ " " }
menu-answer-123 = Responda 1, 2 ou 3.
menu-first-title = Quem começa (joga com o Branco)?
menu-first-1 = você
menu-first-2 = o computador
menu-choose-12 = Escolha 1 ou 2 [1]:{ " " }
menu-answer-12 = Responda 1 ou 2.
menu-time = Tempo limite do computador por jogada, em milissegundos, de 1000 a 5000 [1000]:{ " " }
menu-time-bad = O tempo limite tem de ser um número inteiro de 1000 a 5000.
menu-level = Nível do computador, de 1 (principiante) a 8 (força máxima) [8]:{ " " }
menu-level-bad = O nível tem de ser um número inteiro de 1 a 8.
menu-no-answer = sem resposta: o jogo não começou

## Rever o registo de um jogo

replay-title = { $date }: { $white } contra { $black }
replay-rules-start = Regras: { $rules }. Início: { $start }.
replay-ply-of = Meia-jogada { $ply } de { $total }
replay-last = Última jogada: { $side } { $move }
replay-ply-line = Meia-jogada { $ply }: { $side } { $move } (+{ $gained }). { $points }
replay-panel = Revisão
replay-keys-title = Teclas
replay-keys = ←/→ uma meia-jogada, Home/End primeira/última, q sair
replay-unfinished = O registo para antes do fim do jogo.

## Respostas da API do servidor web

api-not-game-id = `{ $id }` não é um identificador de jogo
api-no-game = não há nenhum jogo `{ $id }`
api-stopping = o servidor está a parar
api-nothing-at = não há nada em { $path }
api-not-allowed = { $method } não é permitido em { $path }
api-seed-or-position = indique uma semente ou uma posição, não ambas
api-bad-position = posição inválida: { $reason }
bad-mode = `{ $mode }` não é um modo: use human-computer (hc), computer-computer (cc) ou human-human (hh)
bad-side = `{ $side }` não é um lado: use `white` (`w`) ou `black` (`b`)
bad-points = `{ $points }` não são dois números inteiros BRANCAS,PRETAS como 12,30
err-player-unknown = `{ $player }` não é um jogador: use { $help }
err-player-not-a-number = `{ $value }` não é um número inteiro ({ $what ->
    [depth] uma profundidade
   *[seed] uma semente
  }) em `{ $player }`
err-player-classic-depth = a profundidade do jogador classic vai de 1 a { $max }, não { $depth }
err-player-option = em `{ $player }`: { $reason }
err-option-unknown = não há a opção `{ $option }` (opções: { $keys })
err-option-range = { $option } tem de ser um número inteiro de { $min } a { $max }, não `{ $value }`
err-option-bool = { $option } tem de ser on ou off, não `{ $value }`
err-option-key-value = `{ $text }` não é CHAVE=VALOR
api-bad-engine = `{ $engine }` não é um jogador computador: { $reason }
api-bad-level = o nível tem de ser um número inteiro de { $min } a { $max }, não { $level }
api-level-not-cavalo = o nível escolhe-se só para o motor cavalo, e nenhum lado é jogado por ele
api-engine-options = `{ $engine }`: um jogo no servidor só pode escolher o nível e a semente do motor
api-bad-time = o tempo por jogada tem de ser de { $min } a { $max } ms, não { $time }
api-moved-on = o jogo avançou: está na meia-jogada { $ply }, não { $seen }; recarregue-o
api-query-twice = o parâmetro `{ $name }` do endereço aparece duas vezes
api-query-not-whole = o parâmetro `{ $name }` do endereço tem de ser um número inteiro (0 ou mais), não `{ $value }`
api-query-too-large = o parâmetro `{ $name }` do endereço é grande demais: `{ $value }`
api-hint-failed = a procura da sugestão falhou
api-hint-running = já se está a procurar uma sugestão para este jogo: espere por ela
api-no-analysis = o jogo { $id } ainda não foi analisado: peça primeiro a sua análise
api-analysis-failed = a análise falhou: { $reason }
api-analysis-limit = já tem { $max } análises em curso: espere que uma acabe
api-analysis-busy = o servidor já está a analisar { $max } jogos: tente de novo daqui a pouco
api-no-exercise = a meia-jogada { $ply } não é um exercício da análise deste jogo
api-exercise-limit = já tem { $max } tentativas a ser procuradas: espere que uma acabe
api-think-no-ply = o jogo tem { $plies } meias-jogadas: não há posição depois da meia-jogada { $ply }
api-think-over = o jogo acabou depois da meia-jogada { $ply }: não há nada a procurar
api-upload-not-record = o texto é JSON mas não é um registo de jogo (com `start` e `moves`, ou um jogo guardado)
api-upload-not-log = o texto não é um log.dat cujo jogo se consiga ler (a linha GAME com as regras e o início, depois as meias-jogadas)
api-upload-pick-in-record = um jogo escolhe-se pelo id num log.dat; este texto é o registo JSON de um só jogo
api-upload-empty = o texto não tem nenhum jogo (nem um registo de jogo JSON, nem um log.dat com um jogo)
api-upload-no-such-game = o log.dat não tem nenhum jogo cujo id comece por `{ $id }`
api-upload-several = o log.dat tem { $count } jogos ({ $ids }): escolha um pelo id
serve-db-in-use = outro cavalo serve{ $pid ->
        [none] {""}
       *[other] {" "}(processo { $pid })
    } já usa a base de dados de jogos { $db }: pare-o primeiro, ou dê a este servidor outro --data-dir
api-upload-quota = já enviou { $max } jogos na última hora: espere antes de enviar mais
api-arena-off = este servidor não tem arena (inicie-o com cavalo serve --arena)
api-arena-bad-code = esse não é o código da turma: peça-o ao seu professor
api-arena-bad-team = `{ $team }` não é um nome de equipa: dê um de 1 a { $max } caracteres visíveis, sem vírgulas
api-arena-quota = já enviou { $max } programas na última hora: espere antes de enviar mais
api-arena-full = a arena está cheia (no máximo { $teams } equipas e { $mib } MiB de programas): fale com o seu professor
api-arena-no-program = a arena não tem o programa { $id }
api-arena-no-championship = ainda não se jogou nenhum campeonato com os dados deste servidor (cavalo arena championship)
api-upload-bad-date = a data do jogo `{ $date }` não é uma data escrita como 2025-03-01T14:05:09Z
api-upload-bad-meta = o registo do jogo tem em `{ $key }` um valor de outro tipo: { $found }
api-bad-host = este servidor só responde aos nomes desta máquina (localhost, 127.0.0.1, [::1]), não a `{ $host }`
api-cross-origin = uma página de outro sítio ({ $origin }) não pode alterar jogos neste servidor
api-not-json = envie o pedido em JSON, com o cabeçalho `Content-Type: application/json`
api-body-empty = o corpo do pedido está vazio: envie um objeto JSON
api-body-syntax = o corpo do pedido não é JSON válido: o erro está na linha { $line }, coluna { $column }
api-body-eof = o JSON do corpo do pedido acaba antes do fim (linha { $line }, coluna { $column })
api-body-twice = o campo `{ $field }` aparece duas vezes
api-body-unknown-field = o campo `{ $field }` não é um dos que este pedido aceita; aceita { $accepted }
api-body-unknown-field-none = o campo `{ $field }` não é um dos que este pedido aceita; não aceita nenhum campo
api-body-missing-field = falta o campo `{ $field }`
api-body-wrong-value = o campo `{ $field }` não pode ser { $found }
api-body-shape = os campos do corpo do pedido não são os esperados
api-json-text = o texto { $text }
api-json-number = o número { $number }
api-json-list = uma lista
api-json-object = um objeto
api-body-too-large = o corpo do pedido é grande demais: no máximo { $max } bytes
api-body-unreadable = não foi possível ler o corpo do pedido
api-body-not-object = o corpo do pedido tem de ser um objeto JSON com campos nomeados, não { $found }
api-too-slow = o pedido demorou demasiado e foi interrompido
api-body-too-slow = o corpo do pedido não chegou em { $secs } s
api-bad-lang = `{ $lang }` não é uma língua deste servidor: use { $known }
api-no-seat = só um jogador deste jogo pode fazer isso: envie o código do seu lugar (cabeçalho `Authorization: Bearer …`); os outros podem assistir
api-wrong-seat = esse código não é de nenhum lugar deste jogo (pode ter sido passado a outra pessoa com um convite)
api-other-seat = o seu lugar é { $seat }; isto é para { $needed }
api-bad-invite = este convite não é válido, ou já foi usado
api-no-such-seat = aqui o { $side } é jogado pelo computador: não há lugar para passar
api-bad-seat-list = os cabeçalhos X-Cavalo-Seats e X-Cavalo-Uploads têm de indicar cada um no máximo { $max } códigos de lugar ou ids de jogos, separados por vírgulas, cada um com no máximo { $length } letras, algarismos, - ou _
api-too-many-cc = já tem { $max } jogos computador-computador a decorrer: espere que um acabe ou abandone um
api-server-cc = o servidor já tem { $max } jogos computador-computador a decorrer: tente mais tarde
api-too-many-games = já tem { $max ->
    [one] { $max } jogo por acabar
   *[other] { $max } jogos por acabar
} neste servidor: acabe ou abandone um primeiro
api-too-many-streams = já tem { $max } páginas de jogo abertas: feche uma
api-server-streams = o servidor já serve { $max } páginas de jogo: tente mais tarde
api-internal = o servidor não conseguiu terminar o pedido

## cavalo stats (as estatísticas do log.dat)

stats-game = Jogo { $n } ({ $id }, { $date }, { $mode }, início { $start }), Branco { $white } contra Preto { $black }
stats-result = Resultado: { $result } ({ $status }), pontos { $points }, { $plies ->
    [one] { $plies } meia-jogada
   *[other] { $plies } meias-jogadas
}
stats-unfinished = Resultado: por acabar, { $plies ->
    [one] { $plies } meia-jogada
   *[other] { $plies } meias-jogadas
}
stats-taken-back = , { $count ->
    [one] { $count } meia-jogada anulada
   *[other] { $count } meias-jogadas anuladas
}
stats-all = Todos os { $count } jogos
stats-columns = jogador métrica n média dp mín máx
stats-metric-nodes = nós-analisados
stats-metric-alpha-cuts = cortes-alfa
stats-metric-beta-cuts = cortes-beta
stats-metric-time-ms = tempo-ms
stats-metric-depth = profundidade
stats-metric-points = pontos
stats-chart-written = Gráfico do jogo { $n } escrito em { $path }
stats-no-game = { $source } não tem nenhum jogo
stats-no-game-id = { $source } não tem nenhum jogo `{ $id }`
log-line-error = { $source }, linha { $line }: { $problem }: `{ $text }`
log-problem-before-game = { $keyword } antes de qualquer linha GAME
log-problem-no-number = uma linha PLY sem o seu número (n=)
log-problem-not-a-number = `{ $field }` não é um número

## A página web (etiquetas; os marcadores { $nome } são preenchidos pela página)

web-title = Cavalo — Jogo do Cavalo
web-skip = Saltar para o tabuleiro
web-offline = A ligação ao servidor perdeu-se: a tentar de novo…
web-new-game = Novo jogo
web-games = Jogos
web-help = Ajuda do teclado
web-lang-pt = Português
web-lang-en = English
web-language = Língua
web-white = Branco
web-black = Preto
web-white-clock = Tempo do Branco
web-black-clock = Tempo do Preto
web-white-points = Pontos do Branco
web-black-points = Pontos do Preto
web-start-prompt = Comece um novo jogo.
web-board-label = Tabuleiro: as setas movem o cursor, Enter joga para a casa sob o cursor
web-undo = Anular
web-undo-title = Anular a sua última jogada (U)
web-hint = Sugestão
web-hint-title = Pedir uma jogada ao motor (H)
web-resign = Desistir
web-resign-title = Abandonar o jogo
web-resign-confirm = Abandonar este jogo?
web-delete = Apagar
web-delete-title = Apagar este jogo do servidor
web-delete-confirm = Apagar este jogo de vez? Ninguém o poderá voltar a ver.
web-deleted = O jogo foi apagado.
web-invite-white = Convidar para o Branco
web-invite-black = Convidar para o Preto
web-invite-white-title = Convidar alguém para jogar com o Branco: uma ligação que lhe passa o seu lugar do Branco
web-invite-black-title = Convidar alguém para jogar com o Preto: uma ligação que lhe passa o seu lugar do Preto
web-invite-prompt = Envie esta ligação ao outro jogador (só funciona uma vez):
web-invitations = Convites
web-invite-copied = Ligação do convite copiada: envie-a ao outro jogador. Só funciona uma vez.
web-claimed = Ficou com o lugar do convite: agora é seu.
web-watching = Está a assistir a este jogo.
web-show-threats = Casas ameaçadas
web-review = Rever o jogo
web-first = Primeira posição (Home)
web-prev = Meia-jogada anterior (←)
web-next = Meia-jogada seguinte (→)
web-last = Posição atual (End)
web-engine = Motor
web-no-search = Ainda sem procuras.
web-moves = Jogadas
web-moves-label = Lista de jogadas (clique numa linha para a rever)
web-col-number = N.º
web-col-side = Lado
web-col-move = Jogada
web-col-points = Pts
web-col-score = Marcador
web-col-nodes = Nós
web-col-nodes-title = nós analisados
web-col-alpha = Cortes α
web-col-alpha-title = cortes alfa
web-col-beta = Cortes β
web-col-beta-title = cortes beta
web-col-time = Tempo
web-col-depth = Prof.
web-col-depth-title = profundidade da procura
web-col-value = Valor
web-col-value-title = valor, do ponto de vista de quem joga (≡ provado)
web-chart = Nós e tempo por jogada do computador
web-download = Descarregar
web-download-record = Registo do jogo (JSON)
web-download-log = log.dat
web-mode = Modo
web-mode-human-computer = Humano vs Computador
web-mode-computer-computer = Computador vs Computador
web-mode-human-human = Humano vs Humano
web-you-play = Joga com
web-side-white-first = Branco (começa)
web-side-black = Preto
web-computer-player = Jogador computador
web-engine-cavalo = cavalo (o mais forte)
web-engine-classic = classic (alfa-beta da disciplina)
web-engine-greedy = greedy (guloso)
web-engine-random = random (aleatório)
web-level = Nível
web-level-full = 8 (força máxima)
web-level-beginner = 1 (principiante)
web-time-per-move = Tempo por jogada (ms)
web-board-and-rules = Tabuleiro e regras
web-seed = Semente (vazio: um tabuleiro aleatório novo)
web-position = Ou uma posição: texto de posição, tabuleiro Lisp da disciplina, ou seed:N
web-threat-rule = Regra da ameaça (não cair onde o outro cavalo pode saltar)
web-zero-double = 00 é um duplo
web-public = Mostrar na lista de todos neste servidor (qualquer pessoa pode assistir; só os jogadores jogam)
web-cancel = Cancelar
web-start = Começar
web-close = Fechar
web-burn-hint = Cair em { $number } na casa { $cell } remove outro duplo: clique no que quer remover, marcado a vermelho no tabuleiro (por omissão o maior: Enter; Esc cancela).
web-burn-cell = um duplo que pode remover: clique para o remover
web-burn-landing = onde o cavalo cai
web-coach = A jogada mostrada e o exercício
web-game-over = Fim do jogo
web-review-game = Rever o jogo
web-games-title = Os seus jogos e os jogos públicos
web-loading = A carregar…
web-no-games = Ainda não há jogos seus nem jogos públicos.
web-keys-title = Teclado
web-key-tab = chegar ao tabuleiro (e aos botões)
web-key-arrows = no tabuleiro: mover o cursor
web-key-enter = no tabuleiro: jogar para a casa sob o cursor
web-key-left-right = fora do tabuleiro: andar para trás e para a frente no jogo
web-key-home-end = a primeira posição, a atual
web-key-letters = sugestão, anular, mostrar casas ameaçadas, novo jogo
web-summary-player = Jogador
web-summary-points = Pontos
web-summary-moves = Jogadas
web-summary-passes = Passou a vez
web-summary-time = Tempo
web-summary-searches = Procuras
web-summary-nodes = Nós analisados
web-summary-alpha = Cortes alfa
web-summary-beta = Cortes beta
web-summary-mean-depth = Profundidade média
web-summary-max-depth = Profundidade máxima
web-thinking = { $who } está a pensar…
web-waiting = { $who } está à espera de um motor livre…
web-hint-prefix = Sugestão:
web-last-search = Última procura: { $side } jogou { $move }
web-depth = Profundidade
web-value = Valor
web-nodes = Nós
web-time = Tempo
web-speed = Velocidade
web-cuts = Cortes α / β
web-pv = VP
web-proven = provado
web-reviewing = A rever a posição após a meia-jogada { $ply } de { $total } (End volta ao jogo).
web-you = Você
web-side-to-move = { $side } a jogar: { $count ->
    [one] { $count } jogada legal.
   *[other] { $count } jogadas legais.
}
web-to-move = { $who } a jogar ({ $side }): { $count ->
    [one] { $count } jogada legal.
   *[other] { $count } jogadas legais.
}
web-forced = { $side } faz a jogada forçada { $move }.
web-cannot-move = Não pode jogar para aí. Jogadas legais: { $moves }.
web-game-info = Jogo { $id } · { $mode } · { $ms } ms por jogada · início { $start }
web-no-threat-rule = sem regra da ameaça
web-zero-not-double = 00 não é duplo
web-last-move = última jogada
web-threatened = ameaçada
web-suggested = sugerida
# As casas do tabuleiro (lidas pelos leitores de ecrã), o gráfico e a lista de jogos da página.
web-removed = removida
web-white-knight = cavalo branco
web-black-knight = cavalo preto
web-legal-move = jogada legal
web-legal-choice = jogada legal com escolha do duplo
web-chart-empty = Ainda sem jogadas do computador.
web-chart-axis = meia-jogada (barras: nós, linha: tempo)
web-chart-label = Nós analisados (barras) e tempo em milissegundos (linha) por jogada do computador
web-chart-bar = meia-jogada { $ply } { $move }: { $nodes } nós, { $time } ms
web-analysis = Análise
web-analysis-about = O motor avalia cada jogada do jogo: os pontos perdidos face à melhor jogada, exatos onde provou os valores até ao fim do jogo.
web-analysis-nothing-yet = Ainda não há jogadas para analisar.
web-analysis-start = Analisar o jogo
web-analysis-again = Analisar de novo
web-analysis-queued = À espera de um motor livre…
web-analysis-running = A analisar: { $done } de { $total } posições
web-analysis-partial = Análise { $plies ->
    [one] da primeira meia-jogada
   *[other] das primeiras { $plies } meias-jogadas
} (o jogo continuou).
web-analysis-accuracy = Precisão
web-analysis-accuracy-title = parte das jogadas avaliadas que perderam menos do que uma imprecisão
web-analysis-loss = Perda média
web-analysis-loss-title = pontos perdidos por jogada avaliada, em média
web-analysis-chart-label = Valor de cada posição do ponto de vista do Branco (acima da linha do meio o Branco está à frente; linha grossa: valores exatos); clique para ir a uma meia-jogada
web-analysis-chart-axis = meia-jogada (grosso: exato)
web-analysis-chart-point = meia-jogada { $ply }: { $value }
web-analysis-at-start = O início. Percorra o jogo com ← e → ou clique no gráfico.
web-analysis-ply = { $ply }. { $move }: { $value }; melhor { $best } ({ $best_value }), { $loss ->
    [0] sem pontos perdidos
    [one] 1 ponto perdido
   *[other] { $loss } pontos perdidos
}
web-analysis-ply-best = { $ply }. { $move }: { $value }, a melhor jogada
web-analysis-ply-best-unclear = { $ply }. { $move }: { $value }, a jogada que a sua procura achou melhor, embora a tenha avaliado em { $best_value }: inconclusiva, os valores das outras jogadas podem estar tão longe ({ $margin } pontos)
web-analysis-ply-forced = { $ply }. { $move }: a única jogada legal ({ $value })
web-analysis-mark-inaccuracy = imprecisão
web-analysis-mark-mistake = erro
web-analysis-mark-blunder = erro grave
web-analysis-mark-loss = { $mark }: { $loss ->
    [one] 1 ponto perdido
   *[other] { $loss } pontos perdidos
}
web-analysis-mark-turning = ponto de viragem: mudou quem está à frente, ou perderam-se muitos pontos
web-analysis-mark-exact = valor exato, provado até ao fim do jogo
web-analysis-mark-forced = forçada: a única jogada legal
web-analysis-legend = ?! imprecisão · ? erro · ?? erro grave · ∞ inconclusiva · ! ponto de viragem · ≡ exato (também um valor provado na lista de jogadas) · □ forçada; uma marca pontilhada é incerta (a jogada pode ser pior). Valores: diferença final de pontos esperada, do ponto de vista de quem joga no tabuleiro, do Branco no gráfico. Setas: verde a jogada feita, azul tracejada a melhor.
web-analysis-ply-unjudged = { $ply }. { $move }: { $value }; melhor { $best } ({ $best_value }), sem avaliação
web-analysis-margin = (medidos { $measured }, menos { $margin } pela incerteza das próprias procuras)
web-analysis-mark-uncertain = incerta (pontilhada): a incerteza das procuras baixou a classe; a jogada pode ser pior
web-analysis-mark-unclear = inconclusiva: a perda medida está dentro da incerteza das próprias procuras, que não sabem dizer se a jogada foi boa (não conta para a precisão)
web-analysis-ply-unclear = { $ply }. { $move }: { $value }; melhor { $best } ({ $best_value }), inconclusiva: { $measured } pontos medidos, dentro da incerteza de { $margin } das procuras
web-analysis-refined = (procurada de novo com mais nós)
web-analysis-too-small = As procuras foram pequenas demais para avaliar (uma mediana de { $nodes } nós por posição): os valores são mostrados, as jogadas não são classificadas.
web-exercises-start = Aprender com os erros
web-exercises-none = Neste jogo não há erros com que aprender.
web-exercise-title = Exercício { $n } de { $total }
web-exercise-task = Meia-jogada { $ply }: o { $side } jogou { $move } e perdeu { $loss ->
    [one] 1 ponto
   *[other] { $loss } pontos
}. Encontre no tabuleiro uma jogada melhor.
web-exercise-searching = A avaliar a sua jogada…
web-exercise-best-same = Muito bem: { $move } é a melhor jogada ({ $value }).
web-exercise-best = Muito bem: { $move } ({ $value }) é tão boa como a melhor jogada, { $best } ({ $best_value }).
web-exercise-better = Melhor do que { $played } ({ $played_value }): { $move } vale { $value }. A melhor era { $best } ({ $best_value }).
web-exercise-no-better = Não é melhor: { $move } vale { $value }, a jogada feita { $played } { $played_value }. A melhor era { $best } ({ $best_value }).
web-exercise-line = A melhor linha: { $pv }
web-exercise-again = Tentar de novo
web-exercise-next = Próximo exercício
web-exercise-close = Terminar os exercícios
web-think = Pensar nesta posição
web-think-stop = Parar de pensar
web-think-waiting = À espera de um motor livre…
web-think-running = A pensar: profundidade { $depth }, { $value }, { $nodes } nós
web-think-done = A linha do motor: profundidade { $depth }, { $value }, { $nodes } nós
web-think-failed = O motor não conseguiu pensar nesta posição (aí o jogo acabou, ou o servidor está ocupado).
web-upload-title = Analisar um jogo de um ficheiro
web-upload-help = Um registo de jogo (JSON, como o Cavalo o guarda) ou um log.dat; num log com vários jogos, o início do id do jogo. O jogo fica neste servidor para ser analisado: quem tiver a ligação pode assistir, ninguém o joga.
web-upload-file = Ficheiro
web-upload-game = Id do jogo (log.dat)
web-upload-button = Abrir e analisar
web-pass = passa
web-human = humano
web-start-position = posição
web-game-playing = em curso
web-game-public = público
web-game-abandoned = abandonado
web-game-uploaded = carregado de um ficheiro
web-upload-several = Este log tem { $count } jogos: escolha o que quer abrir.
web-upload-choice = { $date } · { $white } – { $black } · { $result ->
    [white] ganhou o Branco
    [black] ganhou o Preto
    [draw] empate
   *[other] por acabar
} { $wpoints }–{ $bpoints } · { $plies ->
    [one] 1 meia-jogada
   *[other] { $plies } meias-jogadas
}

# cavalo analyse: o juízo do motor sobre um jogo jogado.
analyse-title = Análise do jogo { $game }: Branco { $white }, Preto { $black }; { $budget } por posição, { $threads ->
        [one] { $threads } fio
       *[other] { $threads } fios
    }
analyse-thresholds = Pontos perdidos: boa abaixo de { $inaccuracy }, imprecisão a partir de { $inaccuracy }, erro a partir de { $mistake }, erro grave a partir de { $blunder }; ponto de viragem (!): muda quem está à frente ou perdem-se { $swing } pontos ou mais.
analyse-budget-nodes = { $nodes } nós
analyse-columns = n.º lado jogada melhor valor depois medida margem perda classe
analyse-exact-note = Valores: diferença final de pontos esperada do ponto de vista de quem joga (valor: o da melhor jogada, da procura da posição depois dela quando a jogada feita foi outra; depois: o da jogada feita); * exato (provado até ao fim do jogo).
analyse-forced = forçada
analyse-margin-note = Medida: valor menos depois (0 para a melhor jogada). Perda: pontos perdidos contados, a perda medida menos a margem: { $factor } vezes a maior oscilação das duas procuras (quanto cada valor mudou na sua última iteração ou, se for mais, quanto ficou de um valor provado ao lado), nenhuma quando ambos são exatos; para a jogada que a sua procura achou melhor, quanto essa procura a avaliou longe do seu valor provado (0 enquanto este não está provado); ? a margem baixou a classe; inconclusiva: a perda contada seria boa, mas a margem poderia esconder um erro (medida mais margem chega ao limiar de erro), e as procuras não sabem dizer (sem avaliação, contada à parte). Ruído deste jogo (oscilação mediana): { $noise } pontos.
analyse-too-small = Limite de procura pequeno demais para avaliar: as procuras examinaram { $nodes } nós por posição (mediana), menos de { $min }, e aí a análise julga mal até as jogadas do próprio motor; nenhuma jogada é classificada. Analise com mais nós ou mais tempo.
analyse-refined = Procurado de novo onde o juízo era incerto: { $count ->
        [0] nenhuma meia-jogada
        [one] a meia-jogada { $plies }
       *[other] as meias-jogadas { $plies }
    } ({ $searches } posições, { $proven } provadas; { $nodes } de { $max } nós para o jogo).
analyse-not-judged = { $side }, { $who }: não avaliado (limite de procura pequeno demais).
analyse-class-good = boa
analyse-class-inaccuracy = imprecisão
analyse-class-mistake = erro
analyse-class-blunder = erro grave
analyse-class-unclear = inconclusiva
analyse-side = { $side }, { $who }: { $judged ->
        [one] { $judged } jogada avaliada
       *[other] { $judged } jogadas avaliadas
    }, precisão { $accuracy }% (parte de jogadas boas), perda média { $loss } pontos; { $good ->
        [one] { $good } boa
       *[other] { $good } boas
    }, { $inaccuracies ->
        [one] { $inaccuracies } imprecisão
       *[other] { $inaccuracies } imprecisões
    }, { $mistakes ->
        [one] { $mistakes } erro
       *[other] { $mistakes } erros
    }, { $blunders ->
        [one] { $blunders } erro grave
       *[other] { $blunders } erros graves
    }; { $unclear ->
        [one] { $unclear } inconclusiva
       *[other] { $unclear } inconclusivas
    }
analyse-turning = Pontos de viragem (meia-jogada jogada (ponto de vista do Branco antes→depois)): { $plies }
analyse-no-turning = Sem pontos de viragem.
analyse-last = Valor final (ponto de vista do Branco): { $value }
analyse-chart-written = Gráfico escrito em { $path }
analyse-json-written = Análise (JSON) escrita em { $path }

## Relatórios de encontros e torneios (cavalo match, cavalo tournament; o --json não muda de língua)

# Os rótulos das linhas do resumo de um encontro (o programa alinha-os numa coluna).
report-label-match = Encontro
report-label-setup = Condições
report-label-games = Jogos
report-label-score = Pontuação
report-label-elo = Elo
report-label-los = LOS
report-label-pairs = Pares
report-label-margin = Margem
report-label-forfeits = Faltas
report-label-sprt = SPRT
report-label-tournament = Torneio
report-vs = { $engine1 } contra { $engine2 }
report-setup = sementes { $seeds } ({ $planned }), { $limits }, { $rules }
report-planned = { $count ->
    [one] { $count } jogo previsto
   *[other] { $count } jogos previstos
}
report-seeds-shard = { $seeds } fatia { $shard }
report-seeds-merged = { $seeds } (juntos de { $files ->
    [one] { $files } ficheiro
   *[other] { $files } ficheiros
})
# $rules: a variante das regras em palavras (rules-canonical, ou rules-no-threat e rules-no-zero-double);
# $variant: canonical ou other.
report-rules = { $variant ->
    [canonical] regras { $rules }
   *[other] regras: { $rules }
}
report-games = { $games } ({ $pairs }): { $wins }, { $draws }, { $losses } de { $engine1 }
report-complete-pairs = { $count ->
    [one] { $count } par completo
   *[other] { $count } pares completos
}
report-wins = { $count ->
    [one] { $count } vitória
   *[other] { $count } vitórias
}
report-draws = { $count ->
    [one] { $count } empate
   *[other] { $count } empates
}
report-losses = { $count ->
    [one] { $count } derrota
   *[other] { $count } derrotas
}
report-elo-won-all = { $elo } (ganhou todos os jogos: sem estimativa finita; experimente um adversário mais próximo)
report-elo-lost-all = { $elo } (perdeu todos os jogos: sem estimativa finita; experimente um adversário mais próximo)
report-elo = { $elo } ±{ $margin } (95%: { $low } .. { $high }, { $model })
report-elo-none = n/d (sem jogos)
report-pairs = [0; 0,5; 1; 1,5; 2] pontos de { $engine1 }: [{ $counts }]
report-margin = { $mean } pontos por par para { $engine1 } (95%: { $low } .. { $high }, { $played })
report-pairs-played-out = { $count ->
    [one] { $count } par jogado até ao fim
   *[other] { $count } pares jogados até ao fim
}
report-forfeits = { $player } perdeu { $list }
report-forfeit-by = { $count } por { $reason }
serve-start-url = O Cavalo está a ser servido em { $url }
serve-start-stop = (abra-o num navegador; Ctrl-C termina)
serve-start-db = Os jogos são guardados em { $dir }
arena-no-database = não há base de dados de jogos em { $db }: indique a do servidor (--data-dir ou --db)
arena-too-few-teams = a arena tem { $count ->
    [one] uma equipa
   *[other] { $count } equipas
}: um campeonato precisa de pelo menos duas
arena-version-gone = o programa de { $team } fixado para este campeonato já não está na base de dados
serve-arena-no-sandbox = a arena precisa de uma caixa de areia para os programas das equipas, e aqui não há: { $why }
serve-start-arena = A arena está ligada: código da turma { $code } (as equipas enviam os seus programas com ele); { $games ->
    [one] um jogo da arena
   *[other] { $games } jogos da arena
} de cada vez, { $ms } ms por jogada
serve-start-pool = { $engines ->
    [one] 1 motor
   *[other] { $engines } motores
} × ({ $hash } + { $proof }) MiB = no máximo { $total } MiB para a procura
report-forfeit-first = primeiro caso de { $reason }: { $example }
accuracy-best = melhor
accuracy-loss = perda
accuracy-summary = { $positions } posições (meia-jogada { $ply }, { $variants }): ótimas { $optimal }%  perda média { $loss } pontos  pior { $worst }
accuracy-bad = { $count ->
    [one] (1 posição sem jogada utilizável, contada como a sua pior)
   *[other] ({ $count } posições sem jogada utilizável, cada uma contada como a sua pior)
}
accuracy-warning = aviso: semente { $seed } ({ $rules }): { $detail }
accuracy-more-failures = aviso: { $count ->
    [one] mais 1 posição
   *[other] mais { $count } posições
} sem jogada utilizável
progress-games = jogos
progress-positions = posições
records-holds-match = { $path } já tem jogos: junte --resume para continuar esse encontro, ou apague-o
records-holds-tournament = { $path } já tem jogos: junte --resume para continuar esse torneio, ou apague-o
report-forfeit-cases = Faltas: o primeiro jogo que cada jogador perdeu por cada motivo
report-col-reason = Motivo
report-sprt = elo0 { $elo0 } elo1 { $elo1 } alfa { $alpha } beta { $beta }: LLR { $llr } limites [{ $lower }; { $upper }] ({ $model }): { $verdict }
report-sprt-h1 = H1 aceite (provavelmente elo >= { $elo1 })
report-sprt-h0 = H0 aceite (provavelmente elo <= { $elo0 })
report-sprt-undecided = ainda sem decisão
# O progresso, no erro padrão: a primeira linha e a mensagem da barra de progresso.
report-match-start = { $engine1 } contra { $engine2 }: { $games } nas sementes { $seeds }{ $already }, { $limits }
report-games-count = { $count ->
    [one] { $count } jogo
   *[other] { $count } jogos
}
report-already = ({ $count } já jogados)
report-progress-score = pontuação { $score }%
report-tournament-start = { $about }: { $games }{ $shard }{ $already }
report-shard = fatia { $shard }
# Porque se perdeu um jogo por falta (os registos guardam os nomes em inglês).
reason-normal = jogado até ao fim
reason-illegal-move = jogada ilegal
reason-timeout = tempo esgotado
reason-crash = falha do programa
reason-malformed-output = resposta mal formada
reason-line-too-long = linha demasiado longa
reason-invalid-utf-8 = texto que não é UTF-8
reason-second-bestmove = segundo bestmove
reason-refused-option = opção recusada
# Os limites de cada jogada.
report-limit-time = { $ms } ms por jogada (tolerância { $tolerance } ms)
report-limit-depth = profundidade { $depth }
report-limit-nodes = { $count ->
    [one] { $count } nó
   *[other] { $count } nós
}
report-limit-max = no máximo { $ms } ms por jogada
report-limit-engines = motor 1: { $limits1 }; motor 2: { $limits2 }
# O relatório do torneio: texto e página HTML.
report-tournament-about = { $format } entre { $players }, { $boards } por emparelhamento (sementes { $first }..{ $last }), { $limits }, { $rules }
report-round-robin = todos contra todos
report-gauntlet = todos contra o primeiro
report-players-count = { $count ->
    [one] { $count } jogador
   *[other] { $count } jogadores
}
report-boards-count = { $count ->
    [one] { $count } tabuleiro
   *[other] { $count } tabuleiros
}
report-games-of = { $games } de { $planned }
report-col-player = Jogador
report-col-points = Pontos
report-col-games = Jogos
report-col-wdl = V-E-D
report-col-score = Pontuação
report-col-margin = Margem
report-col-forfeits = Faltas
report-col-w = V
report-col-d = E
report-col-l = D
report-col-name = Nome
report-anchor = âncora
report-na = n/d
report-forfeit-count = { $reason }: { $count }
report-ratings-note = Classificações Elo: máxima verosimilhança (Bradley-Terry) sobre todos os jogos, um empate virtual por emparelhamento, { $anchor } fixado em { $elo }; ± é o intervalo de 95%.
report-margin-note = Margem: diferença média de pontos no tabuleiro por jogo (os próprios menos os do adversário).
report-crosstable = Tabela cruzada (pontos/jogos da linha contra a coluna)
report-players = Jogadores
report-standings = Classificação
report-html-games = Jogos: { $games } de { $planned }.
report-html-note = Classificações Elo: máxima verosimilhança (Bradley-Terry) sobre todos os jogos, um empate virtual por emparelhamento, { $anchor } fixado em { $elo }; a coluna 95% é metade da largura do intervalo. Margem: diferença média de pontos no tabuleiro por jogo.

# Porque é que um jogo guardado não é um jogo (depois de "Jogo guardado inválido:").
restore-json = não é um jogo guardado ({ $reason })
restore-ply = meia-jogada { $ply }: { $error }
restore-numbering = a meia-jogada { $index } tem o número { $number }

# Porque é que uma posição inicial é inválida (depois de "Posição inicial inválida:").
pos-fields = uma cadeia de posição tem 4 campos (casas, lado, pontos das brancas, pontos das pretas), não { $found }
pos-rows = as casas são 10 linhas separadas por `/`, não { $found }
pos-row-cells = a linha { $row } tem { $found } casas, não 10 separadas por `,`
pos-cell-token = casa { $cell }: `{ $token }` não é um número de 00 a 99, `.`, `W` nem `B`
pos-side-field = o lado a jogar é `w` ou `b`, não `{ $found }`
pos-points-field = pontos de { $side }: `{ $found }` não é um número inteiro de 0 a 4950
pos-points-too-high = os pontos de { $side }, { $points }, excedem 4950, a soma de todos os números
pos-seed = `{ $text }` não é uma semente (um número inteiro de 0 a 2^64-1)
pos-lisp-extras = o lado e os pontos só se indicam com tabuleiros Lisp: uma cadeia de posição traz os seus
pos-other = { $reason }
pos-lisp = tabuleiro Lisp: { $reason }
pos-value-range = { $cell } tem { $value }, que não está entre 0 e 99
pos-duplicate = o número { $value } aparece duas vezes ({ $first } e { $second })
pos-two-knights = dois cavalos de { $side } ({ $first } e { $second })
pos-white-places-first = antes das colocações jogam as brancas (`w`), não as pretas
pos-black-places-second = depois da colocação das brancas colocam as pretas (`b`), não as brancas
pos-black-without-white = um cavalo preto sem cavalo branco: as brancas colocam primeiro
lisp-no-opening = esperava-se `(` a abrir a lista das linhas
lisp-too-few-rows = { $found } linhas, esperavam-se 10
lisp-row-opening = linha { $row }: esperava-se `(`, encontrou-se `{ $found }`
lisp-ends-before-row = o tabuleiro acaba antes da linha { $row }
lisp-ends-inside-row = o tabuleiro acaba dentro da linha { $row }
lisp-short-row = a linha { $row } tem { $found } casas, esperavam-se 10
lisp-long-row = a linha { $row } tem mais de 10 casas (`{ $found }`)
lisp-row-not-closed = a linha { $row } não está fechada
lisp-too-many-rows = mais de 10 linhas (encontrou-se `{ $found }`)
lisp-not-closed = a lista das linhas não está fechada
lisp-trailing = `{ $text }` inesperado depois do tabuleiro
lisp-cell = casa { $cell }: `{ $token }` não é um número de 0 a 99, NIL, -1 nem -2
# Faltas (derrotas por falta) dos encontros e torneios, a partir dos dados do árbitro.
forfeit-case = jogo { $game } (semente { $seed }): { $player } ({ $side }) { $when }: { $what }{ $stderr }
forfeit-at-load = ao carregar, antes da primeira jogada
forfeit-at-ply = na meia-jogada { $ply }
forfeit-stderr = ; últimas linhas do erro padrão: { $lines }
forfeit-with-limit = { $what } (limite { $limit })
forfeit-limit-time = { $ms } ms + { $tolerance } ms de tolerância
forfeit-limit-max = { $ms } ms
fault-cannot-start = não foi possível iniciar `{ $program }`: { $error }
fault-hint-sbcl = o SBCL está instalado? (apt-get install sbcl, ou indique sbcl=CAMINHO)
fault-with-hint = { $fault } ({ $hint })
fault-no-thread = não foi possível iniciar um fio de execução: { $error }
fault-cannot-read-program = não foi possível ler o programa Lisp `{ $path }`: { $error }
fault-no-adapter = não foi possível escrever o adaptador Lisp em { $path }: { $error }
fault-no-sandbox = não foi possível iniciar o programa na sua caixa de areia: { $why }
sandbox-no-bwrap = o bubblewrap (bwrap) não está instalado: instale-o (Debian: apt-get install bubblewrap)
sandbox-refused = o bubblewrap não consegue criar uma caixa de areia nesta máquina: { $said }
sandbox-sbcl = não foi possível encontrar os ficheiros do SBCL ({ $sbcl }): { $said }
sandbox-folder-too-big = a pasta { $folder } tem mais de { $files } ficheiros ou { $kib } KiB: dê aos ficheiros da equipa uma pasta só deles
sandbox-copy = não foi possível copiar os ficheiros da equipa de { $folder }: { $said }
program-no-files = o programa não tem ficheiros: envie pelo menos o ficheiro a carregar
program-too-many-files = { $count } ficheiros: no máximo { $max }
program-too-big = os ficheiros têm { $kib } KiB: no máximo { $max } KiB ao todo
program-bad-name = `{ $name }` não é um nome de ficheiro: letras, algarismos, `.`, `-` e `_`, até { $max }, sem começar por `.`
program-twice = há dois ficheiros com o nome `{ $name }`
program-not-text = `{ $name }` não é um ficheiro de texto (tem caracteres de controlo)
program-no-entry = diga qual dos ficheiros carregar (entry)
program-no-such-entry = o ficheiro a carregar, `{ $entry }`, não está entre os ficheiros
program-referee-key = `{ $key }` é fixado pelo árbitro, não pela equipa
fault-stopped-reading = o programa deixou de ler a entrada: não foi possível enviar `{ $line }` ({ $error })
fault-exited-waiting = o programa terminou{ $status } enquanto o árbitro esperava `{ $reply }`
fault-exited-sending = o programa terminou{ $status }: não foi possível enviar `{ $line }` ({ $error })
fault-exit-code = código de saída { $code }
fault-exit-signal = sinal { $signal }
fault-sign-heap = memória (heap) esgotada: o programa usou todos os seus { $mb } MiB (indique heap-mb=… para ter mais, ou guarde menos em memória)
fault-sign-stack = pilha de controlo esgotada (recursão infinita?)
fault-sign-memory = limite de memória atingido: o programa usou todos os seus { $limit } MiB de memória, somando a heap de { $heap } MiB (heap-mb), a memória externa, os fios (threads) e os espaços do próprio SBCL (indique heap-mb=… para ter mais, ou guarde menos em memória)
fault-with-sign = { $sign }: { $fault }
fault-late-load = { $program } não acabou de carregar em { $ms } ms (indique load-ms=… para um carregamento lento)
fault-no-handshake = nenhum `ugiok` em { $ms } ms
fault-no-reply = nenhum `{ $reply }` a tempo
fault-no-bestmove = nenhum bestmove dentro do limite de tempo
fault-too-late = respondeu { $mv } ao fim de { $ms } ms
fault-line-too-long = o programa escreveu uma linha com mais de { $bytes } bytes enquanto o árbitro esperava `{ $reply }`: cada linha tem de acabar com uma mudança de linha e ter menos de { $kib } KiB
fault-not-utf8 = o programa escreveu bytes que não são texto UTF-8 (`{ $text }`) enquanto o árbitro esperava `{ $reply }`: o protocolo é texto UTF-8, verifique a codificação da saída
fault-second-bestmove = o programa respondeu a um `go` com duas linhas bestmove (`bestmove { $first }`, depois `{ $line }`): o protocolo permite exatamente um `bestmove` por `go`
fault-empty-bestmove = `bestmove` sem jogada
fault-unexpected = saída inesperada `{ $line }`
fault-refused-option = `{ $program }` recusou `{ $command }`: { $said }
fault-panicked = o jogador interno abortou (panic)
fault-illegal = jogada ilegal `{ $mv }`: { $reason }; a posição era { $position }; as jogadas legais eram: { $legal }
fault-engine-had-said = { $fault } (o programa tinha dito: { $said })
fault-said-illegal = { $why }; a posição era { $position }; as jogadas legais eram: { $legal }
fault-not-a-move-said = `bestmove { $mv }` não é uma jogada; o programa disse: { $said }
fault-not-a-move = `{ $mv }` não é uma jogada
fault-illegal-lisp = jogada ilegal `{ $mv }`: { $reason }; { $answer }; a posição era { $position }; as jogadas legais eram: { $legal }
# Os relatórios do adaptador Lisp (o programa de uma equipa em Common Lisp).
lisp-signalled = o programa falhou: { $condition }, na função { $function }
lisp-frames = ; as chamadas da equipa, da mais interior para fora: { $frames }
lisp-state = ; { $function } recebeu o estado { $state }
lisp-condition = `{ $kind }`: { $text }
lisp-condition-type = `{ $kind }`: o valor { $datum } não é do tipo { $expected }
lisp-condition-undefined = `{ $kind }`: a função { $name } não está definida
lisp-condition-unbound = `{ $kind }`: a variável { $name } não tem valor
lisp-condition-division = `{ $kind }`: divisão por zero
lisp-cannot-load = não foi possível carregar { $file }: { $problem }
lisp-load-line = linha { $line }
lisp-load-read = erro de leitura: { $text }
lisp-load-read-eof = erro de leitura: o ficheiro acaba dentro de uma forma (um parêntese ou uma cadeia de caracteres por fechar?)
lisp-load-reads-input = lê a entrada padrão, que está vazia perante o árbitro (não leia nada ao carregar)
lisp-no-function = { $file } não define nenhuma função { $function } (indique function=NOME)
lisp-stack = pilha de controlo esgotada em `{ $function }` (recursão infinita?)
lisp-returned-nil = a função devolveu NIL (nenhuma jogada), mas { $side } tem { $count ->
    [one] 1 jogada legal
   *[other] { $count } jogadas legais
}: { $legal }
lisp-cell-answer = a resposta { $answer } é a casa { $cell }, contando linhas e colunas a partir de { $base } (indique `cell-base={ $other }` se o programa as conta a partir de { $other })
lisp-cell-off = a resposta { $answer } fica fora do tabuleiro, contando linhas e colunas a partir de { $base } (indique `cell-base={ $other }` se o programa as conta a partir de { $other })
lisp-must-pass = { $side } tem de passar, mas o tabuleiro devolvido não é o mesmo
lisp-no-knight = o tabuleiro devolvido não tem { $code } (o cavalo de { $side })
lisp-wrong-board = { $cells } (o tabuleiro devolvido não é o tabuleiro depois do salto do cavalo para { $dest }, uma jogada legal: ao saltar, o número simétrico é retirado, e saltar para um duplo retira outro duplo)
lisp-difference = { $cell } devia ser { $should } mas é { $is }
lisp-value-removed = NIL (retirada)
lisp-value-white = -1 (cavalo branco)
lisp-value-black = -2 (cavalo preto)
lisp-not-an-answer = a função devolveu { $answer }, que não é um tabuleiro, uma casa nem uma jogada
# Erros dos encontros, torneios e afinação.
record-missing = falta `{ $field }` em meta
record-invalid = `{ $field }` inválido em meta
record-not-tournament = nenhum `tournament` válido em meta: não é um registo de um torneio
record-other-tournament = o registo é de outro torneio ({ $what } `{ $there }`, não `{ $here }`)
record-beyond-match = o jogo { $game } fica para lá dos { $games } jogos deste encontro
record-beyond-tournament = o jogo { $game } fica para lá dos { $games } jogos do torneio
record-not-in-shard = o jogo { $game } não está na fatia { $shard }
record-other-players = o jogo { $game } foi jogado por { $found1 } contra { $found2 }, não por { $want1 } contra { $want2 }
record-other-names = o jogo { $game } foi jogado por jogadores chamados { $found1 } e { $found2 }, não { $want1 } e { $want2 }
record-other-seed = o jogo { $game } foi jogado na semente { $found }, não na { $want }
record-other-rules = o jogo { $game } foi jogado com as regras { $found }, não { $want }
record-misplaced = o jogo { $game } não foi jogado pelos jogadores ou no tabuleiro em que devia
spec-not-a-file = o programa Lisp `{ $path }` não é um ficheiro
spec-cannot-read = não foi possível ler o programa Lisp `{ $path }`: { $error }
spec-not-found = não foi possível ler o programa Lisp `{ $path }`: o ficheiro não existe
spec-same-name = dois jogadores chamam-se `{ $name }`: dê a cada um o seu nome (name=TEXTO)
plan-too-few-players = um torneio precisa de pelo menos dois jogadores
plan-no-boards = um torneio precisa de pelo menos um tabuleiro por emparelhamento
plan-twice = { $player } foi indicado duas vezes
sprt-hypotheses = o SPRT precisa de elo0 < elo1, recebeu { $elo0 } e { $elo1 }
sprt-probability = o { $name } do SPRT tem de estar entre 0 e 0,5, recebeu { $value }

# `cavalo stats`: como acabou um jogo do registo, e o seu estado.
stats-outcome-white = vitória do Branco
stats-outcome-black = vitória do Preto
stats-outcome-none = sem resultado
stats-outcome-draw = empate
stats-status-over = terminado
stats-status-quit = abandonado
stats-status-playing = por acabar
# `cavalo stats --svg` e `cavalo analyse --svg`: os gráficos.
chart-stats-title = Jogo { $n } ({ $id }): tempo e nós por jogada
chart-time-per-move = tempo por jogada (ms)
chart-nodes = nós analisados
chart-stats-legend = { $side }: { $who }; eixo x: número da meia-jogada
chart-analysis-title = Análise do jogo { $id }; eixo x: número da meia-jogada
chart-value = valor depois da meia-jogada, do ponto de vista do Branco (pontos; acima de 0: Branco à frente)
chart-value-legend = Branco { $white } / Preto { $black }
chart-exact = exato (provado)
chart-turning = ponto de viragem

## cavalo games list e cavalo games show (a base de dados dos jogos)

# As colunas de `cavalo games list`.
games-col-id = id
games-col-created = criado
games-col-mode = modo
games-col-white = branco
games-col-black = preto
games-col-status = estado
games-col-result = resultado
games-col-points = pontos
games-col-plies = meias-jogadas
# O modo, o estado e o vencedor de um jogo na lista e em `games show`.
games-mode-human-computer = humano-computador
games-mode-computer-computer = computador-computador
games-mode-human-human = humano-humano
games-status-playing = a decorrer
games-status-over = terminado
games-status-quit = abandonado
games-winner-white = Branco
games-winner-black = Preto
games-winner-draw = empate
games-count = { $count ->
    [one] { $count } jogo
   *[other] { $count } jogos
} em { $path }
# `cavalo games show`: os rótulos das linhas da configuração, e o seu texto.
games-show-game = jogo
games-show-date = data
games-show-mode = modo
games-show-rules = regras
games-show-status = estado
games-show-players = { $mode } (Branco { $white }, Preto { $black })
games-show-setup = { $rules }, { $ms } ms por jogada do computador, início { $start }
games-show-start-seed = semente { $seed }
games-show-state = { $status }, resultado { $result }, pontos { $points }
games-show-no-result = nenhum
# As colunas das meias-jogadas em `cavalo games show`, e quem jogou cada uma.
games-ply-col-ply = n.º
games-ply-col-side = lado
games-ply-col-player = jogador
games-ply-col-move = jogada
games-ply-col-gained = pontos
games-ply-col-total = total
games-ply-col-time = tempo-ms
games-ply-col-nodes = nós
games-ply-col-depth = profundidade
games-ply-col-value = valor
games-ply-col-pv = variante
games-by-forced = forçada
games-by-human = humano
games-by-computer = computador

## Pormenores citados depois de uma frase que diz o problema: as palavras do sistema, de um
## leitor de JSON ou de uma biblioteca (em inglês), nunca em vez da frase.

with-detail = { $sentence } («{ $detail }»)

## O que faz parar o cavalo match, o cavalo tournament e as suas junções

run-seeds-not-range = --seeds `{ $given }` não é um intervalo A..B de sementes, como 1..50
run-seeds-empty = --seeds `{ $given }`: o intervalo está vazio
run-games-odd = --games tem de ser par e positivo (cada tabuleiro joga-se duas vezes), não { $games }
run-at-least-one = { $flag } tem de ser pelo menos 1
run-options-not-external = --{ $flag } é para motores externos (cmd:...); as opções do cavalo interno dão-se como `cavalo:hash=16,threads=2`
run-option-not-name-value = --{ $flag } `{ $given }` não é NOME=VALOR
run-bad-player = { $flag } `{ $given }`: { $reason }
run-bad-shard = --shard `{ $given }` não é uma parte K/N com 1 <= K <= N, como 2/8
run-cannot-read = não foi possível ler { $path }
run-cannot-write = não foi possível escrever { $path }
run-at-line = { $path }, linha { $line }
run-not-record = { $at } não é um registo de jogo
run-torn-line = nota: a última linha de { $path } ficou cortada (uma execução parou a meio de a escrever) e é ignorada
run-in-line = { $at }: { $problem }
run-resume-line = --resume: { $at }: { $problem }
run-named-twice = { $path } é indicado duas vezes
run-game-twice = o jogo { $game } está em { $first } e em { $second }: as partes não se podem sobrepor
run-resume-twice = --resume: { $at }: o jogo { $game } está lá duas vezes
run-no-games = não há jogos em { $paths }
run-other-match = o jogo { $game } é de outro encontro: { $what } `{ $there }`, mas `{ $here }` em { $first }
run-other-tournament = o registo é de outro torneio: { $what } `{ $there }`, mas `{ $here }` em { $first }
run-not-tournament-record = sem `tournament` em meta: não é um registo do cavalo tournament
run-no-anchor = --anchor { $name }: não há esse jogador (jogadores: { $players })
run-missing-game = o jogo { $game } ({ $about })
run-missing-games = os jogos { $first }..{ $last } ({ $about })
run-missing-more = { $count ->
    [one] e mais { $count } intervalo
   *[other] e mais { $count } intervalos
}
run-missing-one = falta { $list }
run-missing-many = faltam { $list }
run-missing-refused = { $missing }: ficou de fora o ficheiro de uma parte? (--partial junta os jogos que há)
run-missing-note = nota: { $missing }; o relatório conta os jogos que há
run-seed = semente { $seed }
run-seeds = sementes { $first }..{ $last }
run-pairing = { $first } contra { $second }, { $seeds }
# O que dois registos do mesmo encontro ou torneio têm de partilhar.
aspect-engine-name = o nome do motor { $n }
aspect-engine-spec = a especificação do motor { $n }
aspect-players = os jogadores
aspect-names = os nomes dos jogadores
aspect-format = o formato
aspect-first-seed = a semente do primeiro tabuleiro
aspect-boards = os tabuleiros por emparelhamento
aspect-rules = as regras
aspect-limits = os limites por jogada
# Porque é que um texto não indica um jogador de um encontro ou torneio (--engine1, --player).
spec-no-command = `cmd:` precisa de um comando, como `cmd:./meu-motor`
spec-no-lisp-file = `lisp:` precisa do ficheiro da equipa, como `lisp:equipa.lisp,function=jogar`
spec-not-key-value = `{ $item }` não é CHAVE=VALOR (chaves: { $keys })
spec-unknown-key = chave desconhecida `{ $key }` (chaves: { $keys })
spec-glue-bad = `{ $key }={ $value }`: esperava-se { $expected }
spec-unknown-player = jogador desconhecido `{ $player }`: use `{ $help }`, ou cmd:COMANDO para um motor externo, ou lisp:FICHEIRO para um programa Lisp
spec-name-twice = `name=` aparece duas vezes
spec-name-empty = o nome está vazio: dê um nome ao jogador, como `name=Equipa 1`
spec-name-long = o nome `{ $name }` tem mais de { $max } caracteres
spec-name-hidden = o nome tem um carácter que não se vê
spec-expect-function = o nome de uma função Lisp, como `jogar`
spec-expect-state = `board-points`, `points-board` ou `board`
spec-expect-args = `state`, `time` e `side` unidos por + (cada um no máximo uma vez, `state` obrigatório), como `state+time+side`
spec-expect-yes-no = `yes` ou `no`
spec-expect-positive = um número positivo, como 1000 ou 0.001
spec-expect-reserve = um número inteiro de milissegundos até 60000
spec-expect-cell-base = 0 ou 1
spec-expect-forced = `adapter` ou `team`
spec-expect-millis = um número inteiro de milissegundos de { $min } a { $max }
spec-expect-mebibytes = um número inteiro de MiB de { $min } a { $max }
spec-expect-sbcl = o caminho do programa SBCL
# A linha de comandos do cavalo match e do cavalo tournament, quando não é compreendida.
usage-invalid-value = `{ $value }` não é um valor que { $arg } aceite
usage-empty-value = { $arg } precisa de um valor
usage-not-whole = { $arg } pede um número inteiro, não `{ $value }`
usage-too-large = { $arg }: `{ $value }` é grande demais
usage-not-number = { $arg } pede um número, não `{ $value }`
usage-bad-lang = `{ $value }` não é uma língua: use pt ou en
usage-unknown-argument = não existe a opção { $arg }
usage-suggest = { $error }; queria dizer { $suggestion }?
usage-missing = falta indicar: { $args }
usage-conflict = { $arg } não pode ser dado com { $other }
usage-other = a linha de comandos não foi compreendida
usage-help = Para saber mais, experimente '--help'.
# Porque é que a análise de um jogo pelo servidor web falhou.
analysis-fail-closing = o servidor está a fechar
analysis-fail-crashed = a análise parou inesperadamente
analysis-fail-record = não foi possível repetir as jogadas do jogo
analysis-fail-unreadable = a análise guardada não se consegue ler
# O separador da arena na página (#/arena): a classificação, os jogos e o envio do programa de uma equipa.
web-arena = Arena
web-arena-back = Voltar ao tabuleiro
web-arena-intro = As equipas enviam os seus programas em Lisp; a arena joga cada versão nova primeiro contra os níveis do Cavalo (a qualificação) e depois contra a versão atual de cada outra equipa, com as duas cores.
web-arena-standings = Classificação
web-arena-col-team = Equipa
web-arena-col-version = Versão
web-arena-col-games = Jogos
web-arena-col-score = Pontos
web-arena-col-score-title = pontos nos jogos contra as outras equipas
web-arena-col-rating = Elo
web-arena-col-rating-title = Elo, com o nível 1 do Cavalo em 0, ± metade do intervalo de 95%
web-arena-col-level = Nível vencido
web-arena-col-level-title = o nível mais alto do Cavalo que venceu
web-arena-col-forfeits = Derrotas por falta
web-arena-col-forfeits-title = jogos perdidos por falta
web-arena-qualifying = em qualificação…
web-arena-no-level = nenhum
web-arena-playing = a jogar
web-arena-no-teams = Ainda não há programas: enviem o primeiro.
web-arena-total = { $count ->
    [one] um jogo da arena ao todo
   *[other] { $count } jogos da arena ao todo
}
web-arena-time = { $ms } ms por jogada
web-arena-version = { $team } v{ $version }
web-arena-upload-title = Enviar um programa
web-arena-team = Equipa
web-arena-code = Código da turma
web-arena-files = Ficheiros
web-arena-files-help = Ficheiros de código Lisp, em texto: no máximo 8 ficheiros, 512 KiB ao todo.
web-arena-files-total = { $count ->
    [one] um ficheiro
   *[other] { $count } ficheiros
}, { $size } KiB de { $max } KiB
web-arena-too-many = Demasiados ficheiros: no máximo { $max }.
web-arena-too-big = Demasiado grande: no máximo { $max } KiB ao todo.
web-arena-no-files = Escolham primeiro os ficheiros do programa.
web-arena-entry = Ficheiro a carregar
web-arena-glue = Como a arena chama a vossa função
web-arena-glue-help = Vazios: os valores por omissão, a cinzento. Os argumentos e o estado estão explicados no guia do campeonato.
web-arena-function = Função
web-arena-args = Argumentos
web-arena-state = Estado
web-arena-send = Enviar
web-arena-taken = Programa recebido: { $version }. Joga primeiro a qualificação contra os níveis do Cavalo; os seus jogos aparecem abaixo.
web-arena-recent = Jogos recentes
web-arena-games-of = Jogos de { $version }
web-arena-games-old = Jogos de uma versão anterior
web-arena-all-games = Todos os jogos recentes
web-arena-no-games = Ainda não há jogos.
web-arena-last-forfeit = Última derrota por falta
web-arena-stage-qualification = qualificação
web-arena-stage-ladder = entre equipas
web-arena-open = Abrir
web-arena-watch = Ver em direto
web-arena-open-title = Abrir no tabuleiro: ver em direto, ou pedir a análise quando acabar
web-arena-forfeit = { $who } perdeu por falta { $when }: { $message }
web-arena-stderr = { $count ->
    [one] a última linha que escreveu no erro padrão
   *[other] as últimas { $count } linhas que escreveu no erro padrão
}
web-arena-end-normal = jogado até ao fim
web-arena-end-illegal-move = jogada ilegal
web-arena-end-timeout = tempo esgotado
web-arena-end-crash = falha do programa
web-arena-end-malformed-output = resposta mal formada
web-arena-end-line-too-long = linha demasiado longa
web-arena-end-invalid-utf-8 = texto que não é UTF-8
web-arena-end-second-bestmove = segundo bestmove
web-arena-end-refused-option = opção recusada
web-arena-championship = O relatório do campeonato
