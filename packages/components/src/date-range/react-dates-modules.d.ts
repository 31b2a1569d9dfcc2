// The react-dates entry that sets up its theme; its type package does not describe it.
declare module 'react-dates/initialize.js';
