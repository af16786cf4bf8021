import { z } from 'zod';
import { deployHookUrlProblem } from './deploy-hook';

/** The deploy hook card's form: one build-hook URL (https; http to loopback when `local`). */
export function deployHookFormSchema(local: boolean) {
  return z.object({
    url: z
      .string()
      .trim()
      .superRefine((value, context) => {
        const problem = deployHookUrlProblem(value, local);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }),
  });
}

export type DeployHookFormValues = z.infer<ReturnType<typeof deployHookFormSchema>>;
