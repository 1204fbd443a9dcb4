//! [`LlmError`] as a message a person understands and can act on, in Korean or English.

use super::LlmError;
use crate::core::Lang;

/// The user-facing message for a failed model call, saying what to do next.
pub fn describe(error: &LlmError, lang: Lang) -> String {
    let ko = lang == Lang::Ko;
    match error {
        LlmError::Unauthorized => if ko {
            "제공자가 API 키를 거부했습니다. 설정에서 키를 확인하거나 새로 입력하세요."
        } else {
            "The provider refused the API key. Check the key in settings or enter a new one."
        }
        .to_string(),
        LlmError::NotFound { model } => {
            if ko {
                format!("제공자에 '{model}' 모델이 없습니다. 모델 이름과 기본 URL을 확인하세요 (Ollama라면 먼저 `ollama pull {model}`).")
            } else {
                format!("The provider has no model named '{model}'. Check the model name and the base URL (for Ollama, run `ollama pull {model}` first).")
            }
        }
        LlmError::RateLimited { retry_after_secs: Some(s) } => {
            if ko {
                format!("요청 한도를 넘었습니다. {s}초 뒤에 다시 시도하세요.")
            } else {
                format!("Rate limited by the provider. Try again in {s} seconds.")
            }
        }
        LlmError::RateLimited { retry_after_secs: None } => if ko {
            "요청 한도를 넘었습니다. 잠시 뒤에 다시 시도하세요."
        } else {
            "Rate limited by the provider. Wait a moment and try again."
        }
        .to_string(),
        LlmError::Server { status } => {
            if ko {
                format!("제공자 서버에 문제가 있습니다 (HTTP {status}). 잠시 뒤에 다시 시도하세요.")
            } else {
                format!("The provider's server is having trouble (HTTP {status}). Try again later.")
            }
        }
        LlmError::Http { status, message } => {
            if ko {
                format!("제공자가 요청을 받아들이지 않았습니다 (HTTP {status}): {message}")
            } else {
                format!("The provider did not accept the request (HTTP {status}): {message}")
            }
        }
        LlmError::Network { detail } => {
            if ko {
                format!("제공자에 연결하지 못했습니다: {detail}. 인터넷 연결과 기본 URL을 확인하세요. 로컬 서버라면 실행 중인지 확인하세요. 브라우저에서 로컬 서버를 쓰려면 이 사이트를 허용해야 합니다(CORS): Ollama는 OLLAMA_ORIGINS 환경 변수에 이 사이트 주소를 넣고 다시 시작하세요. LM Studio는 서버 설정에서 CORS를 켜세요.")
            } else {
                format!("Could not reach the provider: {detail}. Check the internet connection and the base URL; for a local server, check that it is running. In the browser a local server must allow this site (CORS): for Ollama, set OLLAMA_ORIGINS to this site's address and restart it; in LM Studio, enable CORS in the server settings.")
            }
        }
        LlmError::Timeout { secs } => {
            if ko {
                format!("제공자가 {secs}초 안에 답하지 않았습니다. 다시 시도하거나 더 작은 모델을 고르세요.")
            } else {
                format!("The provider did not answer within {secs} seconds. Try again, or choose a smaller model.")
            }
        }
        LlmError::Cancelled => if ko { "중지했습니다." } else { "Stopped." }.to_string(),
        LlmError::CutOff { .. } => if ko {
            "답변이 끝나기 전에 연결이 끊겼습니다. 위의 답변은 일부일 수 있습니다. 다시 시도하세요."
        } else {
            "The connection ended before the answer was finished: the text above may be incomplete. Try again."
        }
        .to_string(),
        LlmError::BadResponse { detail } => {
            if ko {
                format!("제공자의 응답을 읽을 수 없습니다: {detail}. 다른 모델이나 제공자를 시도하세요.")
            } else {
                format!("The provider's answer could not be read: {detail}. Try another model or provider.")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_error_has_a_korean_and_an_english_message() {
        let errors = [
            LlmError::Unauthorized,
            LlmError::NotFound { model: "llama3".into() },
            LlmError::RateLimited { retry_after_secs: Some(42) },
            LlmError::RateLimited { retry_after_secs: None },
            LlmError::Server { status: 503 },
            LlmError::Http { status: 400, message: "bad".into() },
            LlmError::Network { detail: "Failed to fetch".into() },
            LlmError::Timeout { secs: 30 },
            LlmError::Cancelled,
            LlmError::CutOff { partial: "half".into() },
            LlmError::BadResponse { detail: "x".into() },
        ];
        for e in &errors {
            let ko = describe(e, Lang::Ko);
            let en = describe(e, Lang::En);
            assert!(ko.chars().any(|c| ('가'..='힣').contains(&c)), "{ko}");
            assert!(en.is_ascii(), "{en}");
        }
        assert!(describe(&errors[2], Lang::Ko).contains("42초"));
        assert!(describe(&errors[2], Lang::En).contains("42 seconds"));
        assert!(describe(&errors[6], Lang::En).contains("OLLAMA_ORIGINS"));
        assert!(describe(&errors[6], Lang::Ko).contains("OLLAMA_ORIGINS"));
    }
}
