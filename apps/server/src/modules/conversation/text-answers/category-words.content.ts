/**
 * What clients call a kind of spending in a reply, and the words the categories of that kind carry in
 * their names. A reply word is looked up here when no category is named by it: "lunch" is not in
 * "Meals & Entertainment", but it means it. English and Spanish, with the abbreviations and emoji
 * people text. `names` are the categories' words that meaning points to most; `also` weaker ones,
 * chosen only when no category carries the first.
 */
/** A list written as words between spaces. */
const words = (list: string): readonly string[] => list.split(' ');

export interface Meaning {
  says: readonly string[];
  names: readonly string[];
  also?: readonly string[];
}

export const MEANINGS: readonly Meaning[] = [
  {
    says: words(
      'meal meals lunch lunches dinner breakfast brunch food restaurant eating ate coffee cafe drinks snacks takeout doordash ubereats grubhub comida comidas almuerzo cena desayuno restaurante cafeteria 🍔 🍕 ☕ 🍽 🍺 🥗 🌮 🍣 🥪',
    ),
    names: words('meals meal dining food'),
    also: words('entertainment'),
  },
  {
    says: words('travel trip flight flights airfare airline plane hotel motel lodging airbnb uber lyft taxi cab train viaje vuelo avion hospedaje ✈ 🏨 🚕 🚆'),
    names: words('travel airfare lodging'),
  },
  {
    says: words('gas fuel gasoline petrol diesel fillup gasolina combustible nafta ⛽'),
    names: words('fuel gas'),
    also: words('auto automobile vehicle car truck'),
  },
  {
    says: words('car auto vehicle truck parking toll tolls carwash oil change tires carro coche estacionamiento peaje 🚗 🚙 🅿'),
    names: words('auto automobile vehicle car truck'),
  },
  {
    says: words('supplies supply office paper printer ink toner pens stationery staples suministros oficina papeleria papel tinta 📎 🖨 🖊'),
    names: words('supplies office'),
  },
  {
    says: words('software app apps saas license licence cloud hosting domain programa licencia aplicacion 💻 🖥'),
    names: words('software'),
    also: words('computer technology'),
  },
  {
    says: words('subscription subscriptions membership dues suscripcion membresia cuota'),
    names: words('subscriptions subscription dues memberships'),
  },
  {
    says: words('ads ad advertising advertisement marketing promo promotion boost publicidad anuncio anuncios mercadeo 📣 📢'),
    names: words('advertising marketing promotion'),
  },
  {
    says: words('personal mine myself private family household owner draw propio mio mia familia casa particular 🙋 🏠'),
    names: words('personal draw draws owner distribution distributions shareholder'),
  },
  {
    says: words('electric electricity power heating heat energy luz electricidad calefaccion 💡'),
    names: words('power electricity energy heating light utilities'),
  },
  {
    says: words('internet wifi phone cell cellphone mobile telefono celular 📱'),
    names: words('telephone phone internet mobile utilities'),
  },
  {
    says: words('water sewer trash garbage utility utilities agua basura'),
    names: words('water utilities'),
  },
  {
    says: words('rent lease landlord storage renta alquiler arriendo'),
    names: words('rent lease'),
  },
  {
    says: words('repair repairs fix fixed maintenance plumber handyman reparacion arreglo mantenimiento 🔧 🛠'),
    names: words('repairs repair maintenance'),
  },
  {
    says: words('shipping postage stamps fedex ups usps dhl mailing courier envio correo paqueteria 📦 📮'),
    names: words('shipping postage delivery freight'),
  },
  {
    says: words('fee fees bank overdraft comision cargo banco'),
    names: words('bank fees charges'),
  },
  {
    says: words('insurance policy premium seguro poliza'),
    names: words('insurance'),
  },
  {
    says: words('lawyer attorney legal accountant accounting bookkeeping consultant consulting contractor freelancer abogado contador contadora consultor'),
    names: words('legal professional contractors contract'),
  },
  {
    says: words('sale sales income revenue deposit invoice venta ventas ingreso ingresos factura 💰 💵'),
    names: words('sales income revenue'),
  },
  {
    says: words('inventory materials material stock ingredients flour resale wholesale inventario materiales ingredientes harina mercancia'),
    names: words('materials inventory goods purchases'),
  },
  {
    says: words('equipment tools tool machine laptop computer equipo herramientas computadora'),
    names: words('equipment tools computer'),
  },
  {
    says: words('training course class seminar conference books education curso capacitacion conferencia'),
    names: words('training education seminars conference'),
  },
  {
    says: words('gift gifts donation charity regalo donacion 🎁'),
    names: words('gifts donations charitable contributions'),
  },
];

/**
 * Words a reply is made of that say nothing about a category: greetings, "it was", "for the", in
 * English and Spanish. Letters a–c are not here: alone, they are a choice.
 */
export const FILLER = new Set(
  words(
    'was is it its thats that this these those for the an my our of to and or with on in at just please pls plz thanks thank thx ty you hi hello hey ok okay i im we were w from client clients customer team company supplier suppliers vendor shop store a all also one use used bought purchase expense expenses cost costs de del la el los las un una es fue era para por mi y o con en gracias hola eso esto que lo gasto gastos compra',
  ),
);

/** Words that make a reply a guess or a denial: Herd asks rather than choosing for it. */
export const DOUBT = new Set(words('not no nope isnt wasnt dont idk unsure maybe perhaps probably guess either tal quizas quiza nose'));

/** Words of category names that tell nothing apart ("Other Business Expenses"). */
export const NAME_FILLER = new Set(words('cost and expense expenses other general miscellaneous misc business of the y gastos &'));
