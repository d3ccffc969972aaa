export { percentEncode } from "@xads/oauth1";
export type { AudienceUser, IdentifierType, RawAudienceUser } from "./audience.js";
export { hashAudienceUser, hashIdentifier, normalizeIdentifier, sha256Hex } from "./audience.js";
export type {
  AccessToken,
  AuthClient,
  AuthClientOptions,
  AuthFlows,
  BearerTokenCache,
  RequestToken,
  ThrowingAuthClient,
  UserAuthorizationUrlOptions,
} from "./auth.js";
export { createAuthClient } from "./auth.js";
export type {
  BatchInput,
  BatchItem,
  BatchKind,
  BatchLimit,
  BatchOperation,
  BatchPath,
  BatchPathParams,
  BatchRecord,
  BatchRequestOptions,
  PostingClient,
  RecordBatchPath,
  UserBatchOperation,
  UserBatchPath,
  UserBatchResult,
} from "./batches.js";
export { BATCH_LIMITS, batchLimitOf, sendBatch, sendUserBatch, splitBatch } from "./batches.js";
export type {
  AdsPaths,
  AuthPaths,
  ClientPaths,
  TailoredAudiencesPaths,
  UploadPaths,
  UploadV1ErrorBody,
} from "./client-paths.js";
export type {
  AdsClient,
  TailoredAudiencesClient,
  ThrowingAdsClient,
  ThrowingTailoredAudiencesClient,
  ThrowingUploadClient,
  UploadClient,
  UploadClientOptions,
  UploadHelpers,
} from "./clients.js";
export { createAdsClient, createTailoredAudiencesClient, createUploadClient } from "./clients.js";
export type { XAdsClient, XAdsClientOptions } from "./create-client.js";
export { createXAdsClient } from "./create-client.js";
export type { ErrorBodyOfPath } from "./error-answers.js";
export type { ErrorBodyOf } from "./error-bodies.js";
export { rawErrorBody } from "./error-bodies.js";
export type { ApiErrorItem, BatchPosition, OperationError } from "./errors.js";
export { XAdsApiError, XAdsValidationError } from "./errors.js";
export { ADS_BASE_URL, ADS_SANDBOX_BASE_URL, AUTH_BASE_URL, UPLOAD_BASE_URL } from "./hosts.js";
export { basicLayer } from "./layers/basic.js";
export type { BearerToken } from "./layers/bearer.js";
export { bearerLayer } from "./layers/bearer.js";
export type { Fetch, Layer } from "./layers/compose.js";
export { composeLayers, finalError } from "./layers/compose.js";
export type { OAuth1LayerOptions } from "./layers/oauth1.js";
export { oauth1Layer } from "./layers/oauth1.js";
export { rateLimitLayer } from "./layers/rate-limit.js";
export type { AttemptOutcome, RetryLayerOptions, RetryOptions, RetryPolicy } from "./layers/retry.js";
export { getRetryDelayMs, retryLayer, retryPolicy, shouldRetry } from "./layers/retry.js";
export { timeoutLayer, XAdsTimeoutError } from "./layers/timeout.js";
export type {
  FormValue,
  OAuth1Credentials,
  OAuth1Request,
  OAuth1Signer,
  SignedOAuth1,
  SignOAuth1Input,
} from "./oauth1.js";
export { createOAuth1Signer, randomNonce, signOAuth1 } from "./oauth1.js";
export type { OAuth1MiddlewareOptions } from "./oauth1-middleware.js";
export { oauth1Middleware } from "./oauth1-middleware.js";
export type { ListPath, ListRecord, PageOptions } from "./paginate.js";
export { paginate } from "./paginate.js";
export type { RateLimitState, RateLimitWindow } from "./rate-limit.js";
export { parseRateLimit } from "./rate-limit.js";
export type {
  RateLimitScheduler,
  RateLimitSchedulerOptions,
  RequestClass,
  SchedulerFetch,
  SchedulerOperation,
  SchedulerStats,
  SchedulerWindow,
} from "./scheduler.js";
export { createRateLimitScheduler, XAdsQueueFullError } from "./scheduler.js";
export type { ThrowingClient, ThrowingResponse } from "./throwing-client.js";
export type { FetchLike, TransportOptions } from "./transport.js";
export type {
  MediaCategory,
  ProcessingInfo,
  UploadedMedia,
  UploadingClient,
  UploadMediaOptions,
  UploadProgress,
} from "./upload.js";
export { MAX_CHUNK_BYTES, uploadMedia } from "./upload.js";
export type {
  OperationValidatorLike,
  ValidationIssue,
  ValidationMode,
  ValidationOptions,
  ValidationResult,
  ValidatorModule,
} from "./validation.js";
export { validationMiddleware } from "./validation.js";
export type { Sleep, WaitTimingOptions } from "./wait.js";
export { XAdsDeadlineError } from "./wait.js";
export type { AudienceReadingClient, CustomAudience, WaitForAudienceOptions } from "./wait-for-audience.js";
export { waitForAudience } from "./wait-for-audience.js";
export type { WaitForMediaOptions } from "./wait-for-media.js";
export { waitForMedia } from "./wait-for-media.js";
