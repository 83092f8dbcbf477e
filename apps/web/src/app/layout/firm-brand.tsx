import { Avatar, Typography } from 'antd';
import { HIGHLIGHT_COLOR, PRODUCT_NAME } from '@herd/contract';
import { BrandMark } from '../../ui/brand-mark';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');

interface FirmBrandProps {
  name: string | null;
  logo: string | null;
  collapsed: boolean;
}

/** The top of the side bar: the firm's logo and name; Herd's mark when the firm has none. */
export const FirmBrand = ({ name, logo, collapsed }: FirmBrandProps) => {
  const mark = logo ? (
    <Avatar shape="square" size={40} src={logo} alt="" style={{ background: '#fff', flex: 'none' }} />
  ) : name ? (
    <Avatar shape="square" size={40} style={{ background: HIGHLIGHT_COLOR, color: '#1f2a24', fontWeight: 700, flex: 'none' }}>
      {initials(name)}
    </Avatar>
  ) : (
    <BrandMark size={40} />
  );
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        height: 72,
        padding: collapsed ? '0 20px' : '0 16px 0 20px',
        justifyContent: collapsed ? 'center' : 'flex-start',
        borderBottom: '1px solid rgba(255, 255, 255, 0.12)',
        marginBottom: 12,
      }}
    >
      {mark}
      {collapsed ? null : (
        <Typography.Text
          strong
          title={name ?? PRODUCT_NAME}
          style={{
            color: '#fff',
            fontSize: 15,
            lineHeight: 1.3,
            // Firm names are long ("Demo Bookkeeping LLC"): two lines read better than an ellipsis.
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            wordBreak: 'break-word',
          }}
          data-testid="firm-name"
        >
          {name ?? PRODUCT_NAME}
        </Typography.Text>
      )}
    </div>
  );
};
