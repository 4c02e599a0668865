// Portuguese phrases with what a person expects, written by the documented rules (docs/capture.md)
// before running the parser on them: "noite" 20:00, "tarde" 15:00, "da tarde" makes an hour pm, a
// clock time ("17h", "9 horas") as written.
import { phraseTable } from './phrase-table.js';

export const portugueseTables = [
  // Saturday 2026-11-21 17:00 in Lisbon (WET, UTC+0).
  phraseTable('pt', 'Europe/Lisbon, Sat 2026-11-21 17:00', '2026-11-21T17:00:00Z', 'Europe/Lisbon', [
    ['ligar para a mãe amanhã às 17h', 'Ligar para a mãe', '2026-11-22', '17:00'],
    ['dentista na terça às 10h30', 'Dentista', '2026-11-24', '10:30'],
    ['levar o lixo hoje à noite', 'Levar o lixo', '2026-11-21', '20:00'],
    ['depois de amanhã comprar pão', 'Comprar pão', '2026-11-23', null],
    ['pagar a renda no dia 1 de dezembro', 'Pagar a renda', '2026-12-01', null],
    ['reunião na segunda às 9h', 'Reunião', '2026-11-23', '09:00'],
    ['daqui a 2 horas tirar o bolo do forno', 'Tirar o bolo do forno', '2026-11-21', '19:00'],
    ['em 3 dias devolver os livros', 'Devolver os livros', '2026-11-24', null],
    ['semana que vem trocar os pneus', 'Trocar os pneus', '2026-11-23', null],
    ['mês que vem renovar o passaporte', 'Renovar o passaporte', '2026-12-01', null],
    ['amanhã de manhã correr', 'Correr', '2026-11-22', '09:00'],
    ['sexta à noite cinema com a Ana', 'Cinema com a Ana', '2026-11-27', '20:00'],
    ['almoço com o Pedro amanhã ao meio-dia', 'Almoço com o Pedro', '2026-11-22', '12:00'],
    ['médico dia 3/12 às 14h', 'Médico', '2026-12-03', '14:00'],
    ['IRS até 30 de junho', 'IRS', '2027-06-30', null],
    ['aniversário da Sofia em 2 de janeiro', 'Aniversário da Sofia', '2027-01-02', null],
    ['comprar leite', 'Comprar leite', null, null],
    ['às 21h ver o jogo', 'Ver o jogo', '2026-11-21', '21:00'],
    ['domingo às 11h brunch na casa da Marta', 'Brunch na casa da Marta', '2026-11-22', '11:00'],
    ['não esquecer de ligar para o canalizador na segunda', 'Ligar para o canalizador', '2026-11-23', null],
    ['me lembre de reservar o restaurante na quinta', 'Reservar o restaurante', '2026-11-26', null],
    ['dentista amanhã às 15h, me avise 30 minutos antes', 'Dentista', '2026-11-22', '15:00', null, 30],
    ['voo no sábado às 7h, me avise uma hora antes', 'Voo', '2026-11-28', '07:00', null, 60],
    ['entrevista na quarta às 16h com um lembrete 10 minutos antes', 'Entrevista', '2026-11-25', '16:00', null, 10],
    ['daqui a uma semana verificar as contas', 'Verificar as contas', '2026-11-28', null],
    ['no dia 24 de dezembro embrulhar os presentes', 'Embrulhar os presentes', '2026-12-24', null],
    ['este sábado limpar a garagem', 'Limpar a garagem', '2026-11-21', null],
    ['próxima terça cabeleireiro às 11h', 'Cabeleireiro', '2026-11-24', '11:00'],
    ['às 19h30 ligar para a Sofia', 'Ligar para a Sofia', '2026-11-21', '19:30'],
    ['enviar o relatório até sexta', 'Enviar o relatório', '2026-11-27', null],
    ['em 30 minutos desligar o forno', 'Desligar o forno', '2026-11-21', '17:30'],
    ['banco no dia 10 de dezembro às 9h15', 'Banco', '2026-12-10', '09:15'],
    ['amanhã às 8 e meia comboio para o Porto', 'Comboio para o Porto', '2026-11-22', '08:30'],
    ['pagar a fatura no dia 15', 'Pagar a fatura', '2026-12-15', null],
    ['hoje às 21h ligar para o pai', 'Ligar para o pai', '2026-11-21', '21:00'],
    ['quinta às 18h30 aula de ioga', 'Aula de ioga', '2026-11-26', '18:30'],
    ['amanhã às 9 da noite jantar', 'Jantar', '2026-11-22', '21:00'],
    ['terça que vem levar o carro à oficina', 'Levar o carro à oficina', '2026-11-24', null],
    ['por favor ligar para a oficina amanhã', 'Ligar para a oficina', '2026-11-22', null],
    ['tenho que renovar o cartão de cidadão na segunda', 'Renovar o cartão de cidadão', '2026-11-23', null],

    // Repeating.
    ['toda segunda-feira às 9h levar o lixo', 'Levar o lixo', '2026-11-23', '09:00', 'FREQ=WEEKLY;BYDAY=MO'],
    ['ioga todas as terças e quintas às 19h', 'Ioga', '2026-11-24', '19:00', 'FREQ=WEEKLY;BYDAY=TU,TH'],
    ['na primeira segunda-feira de cada mês reunião de condomínio', 'Reunião de condomínio', '2026-12-07', null, 'FREQ=MONTHLY;BYDAY=1MO'],
    ['pagar a renda todo dia 1', 'Pagar a renda', '2026-12-01', null, 'FREQ=MONTHLY;BYMONTHDAY=1'],
    ['na última sexta-feira do mês jantar da equipa', 'Jantar da equipa', '2026-11-27', null, 'FREQ=MONTHLY;BYDAY=-1FR'],
    ['regar as plantas a cada dois dias', 'Regar as plantas', '2026-11-21', null, 'FREQ=DAILY;INTERVAL=2'],
    ['trocar os lençóis a cada duas semanas', 'Trocar os lençóis', '2026-11-21', null, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=SA'],
    ['todos os dias às 8h tomar as vitaminas', 'Tomar as vitaminas', '2026-11-22', '08:00', 'FREQ=DAILY'],
    ['todas as noites ler uma história', 'Ler uma história', '2026-11-21', '20:00', 'FREQ=DAILY'],
    ['toda manhã meditar', 'Meditar', '2026-11-22', '09:00', 'FREQ=DAILY'],
    ['de segunda a sexta às 7h correr', 'Correr', '2026-11-23', '07:00', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
    ['todos os dias úteis exceto sexta reunião às 9h30', 'Reunião', '2026-11-23', '09:30', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH'],
    ['nos fins de semana lavar o carro', 'Lavar o carro', '2026-11-21', null, 'FREQ=WEEKLY;BYDAY=SA,SU'],
    ['aniversário de casamento todo ano em 12 de junho', 'Aniversário de casamento', '2027-06-12', null, 'FREQ=YEARLY;BYMONTH=6;BYMONTHDAY=12'],
    ['todo 15 de agosto festa da aldeia', 'Festa da aldeia', '2027-08-15', null, 'FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15'],
    ['toda segunda até 31 de dezembro fazer o relatório', 'Fazer o relatório', '2026-11-23', null, 'FREQ=WEEKLY;UNTIL=20261231;BYDAY=MO'],
    ['fisioterapia toda quarta durante 10 semanas', 'Fisioterapia', '2026-11-25', null, 'FREQ=WEEKLY;COUNT=10;BYDAY=WE'],
    ['aula de natação todo sábado às 10h, 8 vezes', 'Aula de natação', '2026-11-28', '10:00', 'FREQ=WEEKLY;COUNT=8;BYDAY=SA'],
    ['faturar no dia 15 e no último dia de cada mês', 'Faturar', '2026-11-30', null, 'FREQ=MONTHLY;BYMONTHDAY=15,-1'],
    ['a cada 3 dias limpar a caixa de areia', 'Limpar a caixa de areia', '2026-11-21', null, 'FREQ=DAILY;INTERVAL=3'],
    ['a cada dois meses no dia 1 trocar o filtro', 'Trocar o filtro', '2026-12-01', null, 'FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=1'],
    ['limpeza quinzenalmente às terças', 'Limpeza', '2026-11-24', null, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU'],
    ['na segunda terça-feira de cada mês clube do livro', 'Clube do livro', '2026-12-08', null, 'FREQ=MONTHLY;BYDAY=2TU'],
    ['às segundas, quartas e sextas ginásio', 'Ginásio', '2026-11-23', null, 'FREQ=WEEKLY;BYDAY=MO,WE,FR'],
    ['todos os dias ao meio-dia tomar o comprimido', 'Tomar o comprimido', '2026-11-22', '12:00', 'FREQ=DAILY'],
    ['a cada hora beber água', 'Beber água', '2026-11-21', '18:00'],
    ['todo domingo à noite planejar a semana', 'Planejar a semana', '2026-11-22', '20:00', 'FREQ=WEEKLY;BYDAY=SU'],
    ['toda sexta às 17h relatório semanal, me avise 10 minutos antes', 'Relatório semanal', '2026-11-27', '17:00', 'FREQ=WEEKLY;BYDAY=FR', 10],
    ['toda semana na quinta reciclagem', 'Reciclagem', '2026-11-26', null, 'FREQ=WEEKLY;BYDAY=TH'],
    ['mensalmente no dia 10 rever as despesas', 'Rever as despesas', '2026-12-10', null, 'FREQ=MONTHLY;BYMONTHDAY=10'],
  ]),

  // Saturday 2026-11-21 14:00 in São Paulo (UTC-3, no daylight saving time).
  phraseTable('pt', 'America/Sao_Paulo, Sat 2026-11-21 14:00', '2026-11-21T17:00:00Z', 'America/Sao_Paulo', [
    ['amanhã às 10 da manhã reunião', 'Reunião', '2026-11-22', '10:00'],
    ['hoje às 3 da tarde buscar as crianças', 'Buscar as crianças', '2026-11-21', '15:00'],
    ['toda terça às 8 da noite futebol', 'Futebol', '2026-11-24', '20:00', 'FREQ=WEEKLY;BYDAY=TU'],
  ]),

  // Saturday 2027-03-27 12:00 in Lisbon; clocks go forward at 01:00 the next night (WET → WEST).
  phraseTable('pt', 'Europe/Lisbon, Sat 2027-03-27 12:00 (summer time starts next day)', '2027-03-27T12:00:00Z', 'Europe/Lisbon', [
    ['amanhã às 9h padaria', 'Padaria', '2027-03-28', '09:00'],
    ['daqui a 24 horas verificar a massa', 'Verificar a massa', '2027-03-28', '13:00'],
  ]),

  // Sunday 2027-01-31 10:00 in Lisbon: the last day of a month.
  phraseTable('pt', 'Europe/Lisbon, Sun 2027-01-31 10:00 (last day of the month)', '2027-01-31T10:00:00Z', 'Europe/Lisbon', [
    ['no último dia de cada mês verificar o banco', 'Verificar o banco', '2027-01-31', null, 'FREQ=MONTHLY;BYMONTHDAY=-1'],
    ['amanhã cancelar a assinatura', 'Cancelar a assinatura', '2027-02-01', null],
    ['no dia 30 pagar a renda', 'Pagar a renda', '2027-03-30', null],
  ]),
];
