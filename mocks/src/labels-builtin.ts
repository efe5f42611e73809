/**
 * The built-in, pre-translated label sets the service ships: 15 languages, upper-case codes, the
 * same keys in each. The mock ships an abridged set of keys per language (the real sets carry
 * about 92); the values of EN, IT and FR agree with the contract's examples.
 */

/** One built-in set: `{lang, data}` (the contract's `LabelTranslation`). */
export interface LabelTranslation {
  lang: string;
  data: Record<string, string | string[]>;
}

type Row = [placeholder: string, newConversation: string, welcomeTitle: string, welcomeMessage: string, minimize: string, today: string, days: string];

const ROWS: Record<string, Row> = {
  EN: ['type your message..', 'New conversation', 'Hi, welcome to Tiledesk 👋', 'How can we help?', 'Minimize chat', 'today', 'Monday,Tuesday,Wednesday,Thursday,Friday,Saturday,Sunday'],
  IT: ['Scrivi la tua domanda...', 'Nuova conversazione', 'Ciao, benvenuto su Tiledesk 👋', 'Come possiamo aiutarti?', 'Riduci la chat', 'oggi', 'Lunedì,Martedì,Mercoledì,Giovedì,Venerdì,Sabato,Domenica'],
  FR: ['Écrivez votre question ...', 'Nouvelle conversation', 'Salut, bienvenue à Tiledesk 👋', 'Comment pouvons-nous vous aider?', 'Réduire le chat', "aujourd'hui", 'Lundi,Mardi,Mercredi,Jeudi,Vendredi,Samedi,Dimanche'],
  ES: ['Escribe tu pregunta...', 'Nueva conversación', 'Hola, bienvenido a Tiledesk 👋', '¿Cómo podemos ayudarte?', 'Minimizar el chat', 'hoy', 'Lunes,Martes,Miércoles,Jueves,Viernes,Sábado,Domingo'],
  DE: ['Schreibe deine Frage...', 'Neue Unterhaltung', 'Hallo, willkommen bei Tiledesk 👋', 'Wie können wir helfen?', 'Chat minimieren', 'heute', 'Montag,Dienstag,Mittwoch,Donnerstag,Freitag,Samstag,Sonntag'],
  PT: ['Escreva sua pergunta...', 'Nova conversa', 'Olá, bem-vindo ao Tiledesk 👋', 'Como podemos ajudar?', 'Minimizar o chat', 'hoje', 'Segunda,Terça,Quarta,Quinta,Sexta,Sábado,Domingo'],
  RU: ['Напишите свой вопрос...', 'Новый разговор', 'Привет, добро пожаловать в Tiledesk 👋', 'Чем мы можем помочь?', 'Свернуть чат', 'сегодня', 'Понедельник,Вторник,Среда,Четверг,Пятница,Суббота,Воскресенье'],
  TR: ['Sorunuzu yazın...', 'Yeni konuşma', "Merhaba, Tiledesk'e hoş geldiniz 👋", 'Nasıl yardımcı olabiliriz?', 'Sohbeti küçült', 'bugün', 'Pazartesi,Salı,Çarşamba,Perşembe,Cuma,Cumartesi,Pazar'],
  SR: ['Napišite svoje pitanje...', 'Novi razgovor', 'Zdravo, dobrodošli u Tiledesk 👋', 'Kako možemo pomoći?', 'Umanji ćaskanje', 'danas', 'Ponedeljak,Utorak,Sreda,Četvrtak,Petak,Subota,Nedelja'],
  AR: ['اكتب سؤالك...', 'محادثة جديدة', 'مرحبًا بك في Tiledesk 👋', 'كيف يمكننا مساعدتك؟', 'تصغير الدردشة', 'اليوم', 'الاثنين,الثلاثاء,الأربعاء,الخميس,الجمعة,السبت,الأحد'],
  UK: ['Напишіть своє запитання...', 'Нова розмова', 'Привіт, ласкаво просимо до Tiledesk 👋', 'Чим ми можемо допомогти?', 'Згорнути чат', 'сьогодні', 'Понеділок,Вівторок,Середа,Четвер,Пʼятниця,Субота,Неділя'],
  SV: ['Skriv din fråga...', 'Ny konversation', 'Hej, välkommen till Tiledesk 👋', 'Hur kan vi hjälpa till?', 'Minimera chatten', 'idag', 'Måndag,Tisdag,Onsdag,Torsdag,Fredag,Lördag,Söndag'],
  KK: ['Сұрағыңызды жазыңыз...', 'Жаңа әңгіме', 'Сәлем, Tiledesk-ке қош келдіңіз 👋', 'Қалай көмектесе аламыз?', 'Чатты кішірейту', 'бүгін', 'Дүйсенбі,Сейсенбі,Сәрсенбі,Бейсенбі,Жұма,Сенбі,Жексенбі'],
  UZ: ["Savolingizni yozing...", 'Yangi suhbat', "Salom, Tiledesk'ga xush kelibsiz 👋", 'Qanday yordam bera olamiz?', 'Chatni kichraytirish', 'bugun', 'Dushanba,Seshanba,Chorshanba,Payshanba,Juma,Shanba,Yakshanba'],
  AZ: ['Sualınızı yazın...', 'Yeni söhbət', "Salam, Tiledesk'ə xoş gəlmisiniz 👋", 'Necə kömək edə bilərik?', 'Söhbəti kiçilt', 'bu gün', 'Bazar ertəsi,Çərşənbə axşamı,Çərşənbə,Cümə axşamı,Cümə,Şənbə,Bazar'],
};

/** The 15 built-in sets, in the service's order. Returns fresh copies. */
export function builtinLabels(): LabelTranslation[] {
  return Object.entries(ROWS).map(([lang, [placeholder, newConversation, welcomeTitle, welcomeMessage, minimize, today, days]]) => ({
    lang,
    data: {
      LABEL_PLACEHOLDER: placeholder,
      LABEL_START_NW_CONV: newConversation,
      WELCOME_TITLE: welcomeTitle,
      WELCOME_MSG: welcomeMessage,
      BUTTON_CLOSE_TO_ICON: minimize,
      LABEL_TODAY: today,
      ARRAY_DAYS: days.split(','),
    },
  }));
}

/** The built-in set of `lang` (case-sensitive), or undefined. */
export function builtinLabel(lang: string): LabelTranslation | undefined {
  return builtinLabels().find((set) => set.lang === lang);
}
