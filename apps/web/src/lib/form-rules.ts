import type { FormRule } from 'antd';

interface SafeParser {
  safeParse: (value: unknown) => { success: true } | { success: false; error: { issues: readonly { message: string }[] } };
}

/**
 * An antd rule backed by a contract field (`emailField()`, `passwordField()`...),
 * so a form says exactly what the server would say (the contract's messages).
 */
export const zodRule = (schema: SafeParser): FormRule => ({
  validator: async (_rule, value: unknown) => {
    const result = schema.safeParse(value ?? undefined);
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'This value is not valid.');
  },
});
