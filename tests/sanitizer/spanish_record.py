"""A Spanish clinical record written for the tests (invented names): the form fields' recognizers
and the Spanish engine read it."""

RECORD = (
    "Datos del paciente.\nNombre: Lucía.\nApellidos: Ferrándiz Olmo.\nNHC: 5521907.\n"
    "Domicilio: Calle de los Almendros, 14, 3º B.\nLocalidad/ Provincia: Teruel.\nCP: 44002.\n"
    "Fecha de nacimiento: 02/11/1958.\nEdad: 66 años Sexo: M.\n"
    "Médico: Andrés Quiroga Peña  NºCol: 44 12 34567.\n"
    "Informe: Mujer de 66 años, de raza caucásica, viuda, que acude con su hija por dolor torácico de "
    "3 días de evolución. Fue intervenida en marzo de 2009 en el Hospital Comarcal de Alcañiz.\n"
    "Remitido por: Dra. Elena Sanz Prieto, Servicio de Cardiología. Tel.: 978 654 321.\n"
)
