import { Typography } from 'antd';

/** The asterisk before the name of a field the company requires to finish (antd's own mark is for form items). */
export const RequiredMark = () => (
  <span aria-hidden style={{ color: '#ff4d4f', marginInlineEnd: 4 }}>
    *
  </span>
);

/** Said under a field the company requires before a transaction can be marked done. */
export const REQUIRED_TO_FINISH = 'Required to finish';

export const RequiredNote = () => (
  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
    {REQUIRED_TO_FINISH}
  </Typography.Text>
);
