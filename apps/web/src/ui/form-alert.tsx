import { Alert } from 'antd';

/** The message of a failed call that belongs to no single field (`detail`, transport errors). */
export const FormAlert = ({ message, type = 'error' }: { message: string | null; type?: 'error' | 'success' | 'info' }) =>
  message ? <Alert type={type} showIcon title={message} style={{ marginBottom: 20 }} /> : null;
