export { createMailer, type Mailer, type SendMail } from './mail.service.ts';
