export { FormErrors } from './FormErrors';
export { TextField } from './TextField';
export { PasswordField } from './PasswordField';
export { default as formStyles } from './Form.module.css';
export { messagesOf, fieldsOf } from './rule-results';
