export { registerMailer, type Mail, type SendMail } from './mail.service.ts';
