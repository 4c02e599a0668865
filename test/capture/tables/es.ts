// Spanish phrases with what a person expects, written by the documented rules (docs/capture.md) before
// running the parser on them: "noche" and "esta noche" 20:00, "tarde" 15:00, "de la tarde" makes an
// hour pm, a clock time ("17:00", "17h") as written.
import { phraseTable } from './phrase-table.js';

export const spanishTables = [
  // Saturday 2026-11-21 18:00 in Madrid (CET, UTC+1).
  phraseTable('es', 'Europe/Madrid, Sat 2026-11-21 18:00', '2026-11-21T17:00:00Z', 'Europe/Madrid', [
    ['llamar a mamá mañana a las 5 de la tarde', 'Llamar a mamá', '2026-11-22', '17:00'],
    ['dentista el martes a las 10:30', 'Dentista', '2026-11-24', '10:30'],
    ['sacar la basura esta noche', 'Sacar la basura', '2026-11-21', '20:00'],
    ['pasado mañana comprar pan', 'Comprar pan', '2026-11-23', null],
    ['pagar el alquiler el 1 de diciembre', 'Pagar el alquiler', '2026-12-01', null],
    ['reunión el lunes a las 9', 'Reunión', '2026-11-23', '09:00'],
    ['en 2 horas sacar el pastel del horno', 'Sacar el pastel del horno', '2026-11-21', '20:00'],
    ['dentro de 3 días devolver los libros', 'Devolver los libros', '2026-11-24', null],
    ['la semana que viene cambiar las ruedas', 'Cambiar las ruedas', '2026-11-23', null],
    ['el mes que viene renovar el pasaporte', 'Renovar el pasaporte', '2026-12-01', null],
    ['mañana por la mañana correr', 'Correr', '2026-11-22', '09:00'],
    ['el viernes por la noche cine con Ana', 'Cine con Ana', '2026-11-27', '20:00'],
    ['comer con Pablo mañana al mediodía', 'Comer con Pablo', '2026-11-22', '12:00'],
    ['médico el 3/12 a las 14:00', 'Médico', '2026-12-03', '14:00'],
    ['declaración de la renta antes del 30 de junio', 'Declaración de la renta', '2027-06-30', null],
    ['cumpleaños de Lucía el 2 de enero', 'Cumpleaños de Lucía', '2027-01-02', null],
    ['comprar leche', 'Comprar leche', null, null],
    ['a las 21:00 ver el partido', 'Ver el partido', '2026-11-21', '21:00'],
    ['el domingo a las 11 brunch en casa de Marta', 'Brunch en casa de Marta', '2026-11-22', '11:00'],
    ['no olvides llamar al fontanero el lunes', 'Llamar al fontanero', '2026-11-23', null],
    ['recuérdame reservar el restaurante el jueves', 'Reservar el restaurante', '2026-11-26', null],
    ['dentista mañana a las 15:00, avísame 30 minutos antes', 'Dentista', '2026-11-22', '15:00', null, 30],
    ['vuelo el sábado a las 7:00, avísame una hora antes', 'Vuelo', '2026-11-28', '07:00', null, 60],
    ['entrevista el miércoles a las 16:00 con un recordatorio 10 minutos antes', 'Entrevista', '2026-11-25', '16:00', null, 10],
    ['dentro de una semana revisar las cuentas', 'Revisar las cuentas', '2026-11-28', null],
    ['el 24 de diciembre envolver los regalos', 'Envolver los regalos', '2026-12-24', null],
    ['este sábado limpiar el garaje', 'Limpiar el garaje', '2026-11-21', null],
    ['el próximo martes peluquería a las 11', 'Peluquería', '2026-11-24', '11:00'],
    ['a las 19:30 llamar a Sofía', 'Llamar a Sofía', '2026-11-21', '19:30'],
    ['enviar el informe antes del viernes', 'Enviar el informe', '2026-11-27', null],
    ['en 30 minutos apagar el horno', 'Apagar el horno', '2026-11-21', '18:30'],
    ['cita en el banco el 10 de diciembre a las 9:15', 'Cita en el banco', '2026-12-10', '09:15'],
    ['mañana a las 8 y media tren a Sevilla', 'Tren a Sevilla', '2026-11-22', '08:30'],
    ['pagar la factura el día 15', 'Pagar la factura', '2026-12-15', null],
    ['hoy a las 21:00 llamar a papá', 'Llamar a papá', '2026-11-21', '21:00'],
    ['jueves a las 18:30 clase de yoga', 'Clase de yoga', '2026-11-26', '18:30'],
    ['mañana a las 9 de la noche cenar', 'Cenar', '2026-11-22', '21:00'],
    ['el martes que viene llevar el coche al taller', 'Llevar el coche al taller', '2026-11-24', null],
    ['por favor llamar al taller mañana', 'Llamar al taller', '2026-11-22', null],
    ['tengo que renovar el DNI el lunes', 'Renovar el DNI', '2026-11-23', null],

    // Repeating.
    ['cada lunes a las 9 sacar la basura', 'Sacar la basura', '2026-11-23', '09:00', 'FREQ=WEEKLY;BYDAY=MO'],
    ['yoga todos los martes y jueves a las 19:00', 'Yoga', '2026-11-24', '19:00', 'FREQ=WEEKLY;BYDAY=TU,TH'],
    ['el primer lunes de cada mes reunión de vecinos', 'Reunión de vecinos', '2026-12-07', null, 'FREQ=MONTHLY;BYDAY=1MO'],
    ['pagar el alquiler el día 1 de cada mes', 'Pagar el alquiler', '2026-12-01', null, 'FREQ=MONTHLY;BYMONTHDAY=1'],
    ['el último viernes de cada mes cena del equipo', 'Cena del equipo', '2026-11-27', null, 'FREQ=MONTHLY;BYDAY=-1FR'],
    ['regar las plantas cada dos días', 'Regar las plantas', '2026-11-21', null, 'FREQ=DAILY;INTERVAL=2'],
    ['cambiar las sábanas cada dos semanas', 'Cambiar las sábanas', '2026-11-21', null, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=SA'],
    ['todos los días a las 8 tomar las vitaminas', 'Tomar las vitaminas', '2026-11-22', '08:00', 'FREQ=DAILY'],
    ['todas las noches leer un cuento', 'Leer un cuento', '2026-11-21', '20:00', 'FREQ=DAILY'],
    ['cada mañana meditar', 'Meditar', '2026-11-22', '09:00', 'FREQ=DAILY'],
    ['de lunes a viernes a las 7 correr', 'Correr', '2026-11-23', '07:00', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
    ['todos los días laborables excepto el viernes reunión a las 9:30', 'Reunión', '2026-11-23', '09:30', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH'],
    ['los fines de semana lavar el coche', 'Lavar el coche', '2026-11-21', null, 'FREQ=WEEKLY;BYDAY=SA,SU'],
    ['aniversario de boda cada año el 12 de junio', 'Aniversario de boda', '2027-06-12', null, 'FREQ=YEARLY;BYMONTH=6;BYMONTHDAY=12'],
    ['cada 15 de agosto fiesta del pueblo', 'Fiesta del pueblo', '2027-08-15', null, 'FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15'],
    ['todos los lunes hasta el 31 de diciembre hacer el informe', 'Hacer el informe', '2026-11-23', null, 'FREQ=WEEKLY;UNTIL=20261231;BYDAY=MO'],
    ['fisioterapia cada miércoles durante 10 semanas', 'Fisioterapia', '2026-11-25', null, 'FREQ=WEEKLY;COUNT=10;BYDAY=WE'],
    ['clase de natación todos los sábados a las 10, 8 veces', 'Clase de natación', '2026-11-28', '10:00', 'FREQ=WEEKLY;COUNT=8;BYDAY=SA'],
    ['facturar el 15 y el último día de cada mes', 'Facturar', '2026-11-30', null, 'FREQ=MONTHLY;BYMONTHDAY=15,-1'],
    ['cada 3 días limpiar el arenero', 'Limpiar el arenero', '2026-11-21', null, 'FREQ=DAILY;INTERVAL=3'],
    ['cada dos meses el día 1 cambiar el filtro', 'Cambiar el filtro', '2026-12-01', null, 'FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=1'],
    ['limpieza cada quince días los martes', 'Limpieza', '2026-11-24', null, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU'],
    ['el segundo martes de cada mes club de lectura', 'Club de lectura', '2026-12-08', null, 'FREQ=MONTHLY;BYDAY=2TU'],
    ['los lunes, miércoles y viernes gimnasio', 'Gimnasio', '2026-11-23', null, 'FREQ=WEEKLY;BYDAY=MO,WE,FR'],
    ['todos los días al mediodía tomar la pastilla', 'Tomar la pastilla', '2026-11-22', '12:00', 'FREQ=DAILY'],
    ['cada hora beber agua', 'Beber agua', '2026-11-21', '19:00'],
    ['todos los domingos por la noche planificar la semana', 'Planificar la semana', '2026-11-22', '20:00', 'FREQ=WEEKLY;BYDAY=SU'],
    ['todos los viernes a las 17:00 informe semanal, avísame 10 minutos antes', 'Informe semanal', '2026-11-27', '17:00', 'FREQ=WEEKLY;BYDAY=FR', 10],
    ['cada semana el jueves reciclaje', 'Reciclaje', '2026-11-26', null, 'FREQ=WEEKLY;BYDAY=TH'],
    ['mensualmente el día 10 revisar los gastos', 'Revisar los gastos', '2026-12-10', null, 'FREQ=MONTHLY;BYMONTHDAY=10'],
  ]),

  // Saturday 2026-11-21 11:00 in Mexico City (UTC-6, no daylight saving time).
  phraseTable('es', 'America/Mexico_City, Sat 2026-11-21 11:00', '2026-11-21T17:00:00Z', 'America/Mexico_City', [
    ['mañana a las 10 de la mañana junta', 'Junta', '2026-11-22', '10:00'],
    ['hoy a las 3 de la tarde recoger a los niños', 'Recoger a los niños', '2026-11-21', '15:00'],
    ['cada martes a las 8 de la noche fútbol', 'Fútbol', '2026-11-24', '20:00', 'FREQ=WEEKLY;BYDAY=TU'],
  ]),

  // Saturday 2027-03-27 12:00 in Madrid; clocks go forward at 02:00 the next night.
  phraseTable('es', 'Europe/Madrid, Sat 2027-03-27 12:00 (summer time starts next day)', '2027-03-27T11:00:00Z', 'Europe/Madrid', [
    ['mañana a las 9 panadería', 'Panadería', '2027-03-28', '09:00'],
    ['dentro de 24 horas revisar la masa', 'Revisar la masa', '2027-03-28', '13:00'],
  ]),

  // Sunday 2027-01-31 10:00 in Madrid: the last day of a month.
  phraseTable('es', 'Europe/Madrid, Sun 2027-01-31 10:00 (last day of the month)', '2027-01-31T09:00:00Z', 'Europe/Madrid', [
    ['el último día de cada mes revisar el banco', 'Revisar el banco', '2027-01-31', null, 'FREQ=MONTHLY;BYMONTHDAY=-1'],
    ['mañana cancelar la suscripción', 'Cancelar la suscripción', '2027-02-01', null],
    ['el día 30 pagar el alquiler', 'Pagar el alquiler', '2027-03-30', null],
  ]),
];
