export { createMailer, type Mail, type Mailer, type SendMail } from './mail.service.ts';
