/** The borrower's message switches (marketing, payment reminders, account notices) and their history. */
export { borrowersReceiving, messagePreferenceHistory, messagePreferencesOf, newestMessagePreferenceChanges, receivesMessages, setMessagePreference } from './preferences-service';
