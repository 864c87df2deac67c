// GET /api/ai/explanations with SPEC section 8's texts: 401/403 'Authentication required to access AI
// explanations', an answer that is not JSON 'Failed to parse AI explanations data', other failures
// 'Failed to fetch AI explanations: {status} {body}'.
import { ApiError, type Explanation, PARSE_ERROR } from '@private-notes/shared';
import { api } from '../../api/api.ts';

export const AUTH_REQUIRED = 'Authentication required to access AI explanations';
export const EXPLANATIONS_PARSE_ERROR = 'Failed to parse AI explanations data';

export async function fetchExplanations(signal?: AbortSignal): Promise<Explanation[]> {
  try {
    return await api.explanations(signal);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 401 || error.status === 403) throw new Error(AUTH_REQUIRED);
    if (error.status >= 200 && error.status < 300 && error.message === PARSE_ERROR) {
      throw new Error(EXPLANATIONS_PARSE_ERROR);
    }
    const body = error.body === undefined ? error.message : JSON.stringify(error.body);
    throw new Error(`Failed to fetch AI explanations: ${error.status} ${body}`);
  }
}
